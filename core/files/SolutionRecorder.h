// Writes what a time integration produces: sensor values (stored in the system and/or written
// to text files at sensorsWritePeriod) and the coordinates solution file at solutionWritePeriod.
#pragma once

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "core/evaluation/SolverObserver.h"
#include "core/model/MainSystem.h"
#include "core/model/SimulationSettings.h"

namespace multidyn {

class SolutionRecorder : public SolverObserver {
 public:
  SolutionRecorder(MainSystem& system, const SimulationSettings& settings);
  ~SolutionRecorder() override;
  SolutionRecorder(const SolutionRecorder&) = delete;
  SolutionRecorder& operator=(const SolutionRecorder&) = delete;

  // Clears sensor records, opens files (throws ValueError naming a file that cannot be opened)
  // and records the initial state.
  void OnStart(const SystemState& state) override;
  void OnStepAccepted(const SystemState& state, double stepSize, Index newtonIterations) override;
  // Records the final state if it was not recorded yet, writes footers and closes the files.
  void OnFinish(const SystemState& state) override;

  // "solution/sensor<number>.txt" unless the sensor names a file.
  static std::string SensorFileName(const Sensor& sensor, Index number);

 private:
  // A period of <= 0 records every step. A step that ends within a thousandth of its size
  // before a multiple of the period counts as reaching it: the solver sums its steps, and after
  // 10^6 steps the time has drifted by about 2e-5 steps from the multiples (a tolerance relative
  // to the period dropped a row in about 40,000 with a period equal to the step).
  struct Schedule {
    double startTime = 0.;
    double period = 0.;
    double nextTime = 0.;
    double lastTime = 0.;
    bool any = false;
    double Tolerance(double stepSize) const;
    bool Due(double time, double stepSize) const;
    void Recorded(double time, double stepSize);
  };

  // stepSize: of the step that ended at state.time (0 for the initial and final records)
  void RecordSensors(const SystemState& state, double stepSize);
  void RecordSolution(const SystemState& state, double stepSize);
  void OpenFile(std::ofstream& file, const std::string& fileName, bool append, const std::string& owner);
  void CloseFiles();
  void WriteRow(std::ofstream& file, double time, const std::vector<const VectorX*>& parts);

  MainSystem& system_;
  const SimulationSettings& settings_;
  bool recordSensors_ = false;
  bool writeSolution_ = false;
  Schedule sensorSchedule_, solutionSchedule_;
  std::vector<std::unique_ptr<std::ofstream>> sensorFiles_;  // one per sensor (null: not written)
  std::ofstream solutionFile_;
  Index stepsTaken_ = 0;
};

}  // namespace multidyn
