#include "core/files/SolutionRecorder.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iomanip>

#include "core/foundation/Errors.h"
#include "core/foundation/FileError.h"

namespace multidyn {

namespace {

// Relative to the period (for steps of size 0) and to the step: see Schedule.
constexpr double periodTolerance = 1e-8, stepTolerance = 1e-3;

std::string TimeStamp() {
  const std::time_t now = std::time(nullptr);
  char text[64];
  std::strftime(text, sizeof(text), "%Y-%m-%d %H:%M:%S", std::localtime(&now));
  return text;
}

}  // namespace

double SolutionRecorder::Schedule::Tolerance(double stepSize) const {
  return std::max(periodTolerance * period, stepTolerance * std::abs(stepSize));
}

bool SolutionRecorder::Schedule::Due(double time, double stepSize) const {
  if (!any) return true;
  if (period <= 0.) return time > lastTime;
  return time >= nextTime - Tolerance(stepSize);
}

void SolutionRecorder::Schedule::Recorded(double time, double stepSize) {
  any = true;
  lastTime = time;
  if (period > 0.) {
    // Next multiple of the period after `time` (several may be skipped by a large step), with the
    // tolerance of Due: a time counted as reaching a multiple is never followed by the same one.
    const double k = std::floor((time - startTime + Tolerance(stepSize)) / period) + 1.;
    nextTime = startTime + k * period;
  }
}

SolutionRecorder::SolutionRecorder(MainSystem& system, const SimulationSettings& settings)
    : system_(system), settings_(settings) {}

SolutionRecorder::~SolutionRecorder() { CloseFiles(); }

std::string SolutionRecorder::SensorFileName(const Sensor& sensor, Index number) {
  if (!sensor.fileName.empty()) return sensor.fileName;
  return "solution/sensor" + std::to_string(number) + ".txt";
}

void SolutionRecorder::OpenFile(std::ofstream& file, const std::string& fileName, bool append,
                                const std::string& owner) {
  const std::filesystem::path path(fileName);
  std::error_code error;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), error);
  errno = 0;
  file.open(fileName, append ? std::ios::app : std::ios::trunc);
  if (!file) {
    // errno of the failed open (ENOENT when the directory could not be made): Python's OSError subclass
    const int errorNumber = errno != 0 ? errno : (error ? error.value() : EIO);
    throw FileError(owner + ": cannot open the file for writing (" + std::strerror(errorNumber) + ")" +
                        (error ? "; creating its directory failed: " + error.message() : std::string()),
                    errorNumber, fileName);
  }
  file << std::setprecision(std::max<Index>(settings_.solutionSettings.outputPrecision, 1));
}

void SolutionRecorder::WriteRow(std::ofstream& file, double time, const std::vector<const VectorX*>& parts) {
  file << time;
  for (const VectorX* part : parts)
    for (Index i = 0; i < part->size(); ++i) file << ',' << (*part)(i);
  file << '\n';
  if (settings_.solutionSettings.flushFilesImmediately) file.flush();
}

void SolutionRecorder::OnStart(const SystemState& state) {
  CloseFiles();
  const SolutionSettings& s = settings_.solutionSettings;
  const double startTime = state.time;
  stepsTaken_ = 0;

  const Index numberOfSensors = system_.NumberOfItems(ItemCategory::Sensor);
  system_.SensorRecords().assign(numberOfSensors, SensorRecord());
  recordSensors_ = s.sensorsStoreAndWriteFiles && numberOfSensors > 0;
  if (recordSensors_) {
    // Rows to expect: one per step at most, one per period; reserved once (a growing array would
    // hold up to twice the values); more are added if the steps get smaller.
    const TimeIntegrationSettings& ti = settings_.timeIntegration;
    double rows = double(std::max<Index>(ti.numberOfSteps, 1));
    if (s.sensorsWritePeriod > 0. && ti.endTime > startTime)
      rows = std::min(rows, std::floor((ti.endTime - startTime) / s.sensorsWritePeriod + 1e-6));
    const Index expectedRows = Index(std::min(rows, 1e7)) + 2;  // the initial and the final row
    for (SensorRecord& record : system_.SensorRecords()) record.Clear(expectedRows);
  }
  sensorSchedule_ = Schedule{startTime, s.sensorsWritePeriod, startTime, startTime, false};
  sensorFiles_.clear();
  sensorFiles_.resize(numberOfSensors);
  if (recordSensors_) {
    for (Index i = 0; i < numberOfSensors; ++i) {
      const Sensor& sensor = system_.GetSensor(i);
      if (!sensor.writeToFile) continue;
      sensorFiles_[i] = std::make_unique<std::ofstream>();
      std::ofstream& file = *sensorFiles_[i];
      OpenFile(file, SensorFileName(sensor, i), s.sensorsAppendToFile,
               system_.ItemDescription(ItemCategory::Sensor, i));
      if (s.sensorsWriteFileHeader) {
        file << "#Multidyn sensor output file, written " << TimeStamp() << '\n';
        file << "#sensor " << i << " '" << sensor.name << "' (" << sensor.TypeInfo().className << ")\n";
        file << "#target: " << sensor.Target() << '\n';
        file << "#output variable: " << OutputVariableTypeName(sensor.outputVariableType) << '\n';
        file << "#columns: time, sensor values\n";
      }
    }
  }

  writeSolution_ = s.writeSolutionToFile;
  solutionSchedule_ = Schedule{startTime, s.solutionWritePeriod, startTime, startTime, false};
  if (writeSolution_) {
    // as Exudyn: ".txt" is added to a name without an extension ("solution/run.txt" stays as given)
    const bool hasExtension = std::filesystem::path(s.coordinatesSolutionFileName).has_extension();
    OpenFile(solutionFile_, s.coordinatesSolutionFileName + (hasExtension ? "" : ".txt"), s.appendToFile,
             "solutionSettings");
    if (s.writeFileHeader) {
      const Index n2 = Index(state.ode2.size()), n1 = Index(state.ode1.size());
      const Index nAE = Index(state.ae.size()), nData = Index(state.data.size());
      const Index nVel2 = s.exportVelocities ? n2 : 0, nAcc2 = s.exportAccelerations ? n2 : 0;
      const Index nVel1 = s.exportODE1Velocities ? n1 : 0;
      const Index nAEWritten = s.exportAlgebraicCoordinates ? nAE : 0;
      const Index nDataWritten = s.exportDataCoordinates ? nData : 0;
      const TimeIntegrationSettings& ti = settings_.timeIntegration;
      // Same header lines as Exudyn's text solution file, so its loaders can parse ours.
      solutionFile_ << "#Multidyn generalized alpha solver solution file\n";
      solutionFile_ << "#simulation started=" << TimeStamp() << '\n';
      solutionFile_ << "#columns contain: time, ODE2 displacements";
      if (nVel2) solutionFile_ << ", ODE2 velocities";
      if (nAcc2) solutionFile_ << ", ODE2 accelerations";
      if (n1) solutionFile_ << ", ODE1 coordinates";
      if (nVel1) solutionFile_ << ", ODE1 velocities";
      if (nAEWritten) solutionFile_ << ", AE coordinates";
      if (nDataWritten) solutionFile_ << ", Data coordinates";
      solutionFile_ << '\n';
      solutionFile_ << "#number of system coordinates [nODE2, nODE1, nAlgebraic, nData] = [" << n2 << "," << n1 << ","
                    << nAE << "," << nData << "]\n";
      solutionFile_ << "#number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] = [" << n2
                    << "," << nVel2 << "," << nAcc2 << "," << n1 << "," << nVel1 << "," << nAEWritten << ","
                    << nDataWritten << "]\n";
      solutionFile_ << "#total columns exported  (excl. time) = "
                    << n2 + nVel2 + nAcc2 + n1 + nVel1 + nAEWritten + nDataWritten << '\n';
      solutionFile_ << "#number of time steps (planned) = " << ti.numberOfSteps << '\n';
      if (!s.solutionInformation.empty()) solutionFile_ << "#" << s.solutionInformation << '\n';
      solutionFile_ << "#\n";
    }
  }

  if (recordSensors_) RecordSensors(state, 0.);
  if (writeSolution_) {
    if (s.writeInitialValues)
      RecordSolution(state, 0.);
    else
      solutionSchedule_.Recorded(state.time, 0.);
  }
}

void SolutionRecorder::OnStepAccepted(const SystemState& state, double stepSize, Index) {
  ++stepsTaken_;
  if (recordSensors_ && sensorSchedule_.Due(state.time, stepSize)) RecordSensors(state, stepSize);
  if (writeSolution_ && solutionSchedule_.Due(state.time, stepSize)) RecordSolution(state, stepSize);
}

void SolutionRecorder::OnFinish(const SystemState& state) {
  // The final time is always recorded.
  if (recordSensors_ && (!sensorSchedule_.any || sensorSchedule_.lastTime != state.time)) RecordSensors(state, 0.);
  if (writeSolution_ && (!solutionSchedule_.any || solutionSchedule_.lastTime != state.time)) RecordSolution(state, 0.);
  const SolutionSettings& s = settings_.solutionSettings;
  if (writeSolution_ && s.writeFileFooter && solutionFile_.is_open())
    solutionFile_ << "#simulation finished=" << TimeStamp() << '\n'
                  << "#Solver Info: steps=" << stepsTaken_ << ", end time=" << state.time << '\n';
  if (recordSensors_ && s.sensorsWriteFileFooter)
    for (auto& file : sensorFiles_)
      if (file && file->is_open()) *file << "#simulation finished=" << TimeStamp() << '\n';
  CloseFiles();
  for (SensorRecord& record : system_.SensorRecords()) record.Trim();
}

void SolutionRecorder::RecordSensors(const SystemState& state, double stepSize) {
  system_.CurrentState() = state;  // sensors read the current configuration
  auto& records = system_.SensorRecords();
  for (Index i = 0; i < Index(sensorFiles_.size()); ++i) {
    const Sensor& sensor = system_.GetSensor(i);
    if (!sensor.storeInternal && !sensorFiles_[i]) continue;
    const VectorX values = sensor.Evaluate(system_, ConfigurationType::Current);
    if (sensor.storeInternal) records[i].AddRow(state.time, values);
    if (sensorFiles_[i]) WriteRow(*sensorFiles_[i], state.time, {&values});
  }
  sensorSchedule_.Recorded(state.time, stepSize);
}

void SolutionRecorder::RecordSolution(const SystemState& state, double stepSize) {
  const SolutionSettings& s = settings_.solutionSettings;
  std::vector<const VectorX*> parts{&state.ode2};
  if (s.exportVelocities) parts.push_back(&state.ode2_t);
  if (s.exportAccelerations) parts.push_back(&state.ode2_tt);
  parts.push_back(&state.ode1);
  if (s.exportODE1Velocities) parts.push_back(&state.ode1_t);
  if (s.exportAlgebraicCoordinates) parts.push_back(&state.ae);
  if (s.exportDataCoordinates) parts.push_back(&state.data);
  WriteRow(solutionFile_, state.time, parts);
  solutionSchedule_.Recorded(state.time, stepSize);
}

void SolutionRecorder::CloseFiles() {
  for (auto& file : sensorFiles_)
    if (file && file->is_open()) file->close();
  if (solutionFile_.is_open()) solutionFile_.close();
}

}  // namespace multidyn
