// Writes what a time integration produces: sensor values (stored in the system and/or written
// to text files at sensorsWritePeriod) and the coordinates solution file at solutionWritePeriod.
#pragma once

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "core/model/MainSystem.h"
#include "core/model/SimulationSettings.h"
#include "core/evaluation/SolverObserver.h"

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
  // A period of <= 0 records every step. Times within the tolerance of a multiple count as it.
  struct Schedule {
    double startTime = 0.;
    double period = 0.;
    double nextTime = 0.;
    double lastTime = 0.;
    bool any = false;
    bool Due(double time) const;
    void Recorded(double time);
  };

  void RecordSensors(const SystemState& state);
  void RecordSolution(const SystemState& state);
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
