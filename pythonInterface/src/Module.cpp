// The compiled module multidyn._multidyn. Item classes, SimulationSettings and the
// Exudyn-style convenience API are built in Python (pythonInterface/multidyn) from the
// field tables exported here, so that each parameter is declared once, in C++.
#include <chrono>
#include <cmath>
#include <unordered_map>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "CentroidalBindings.h"
#include "ContactBindings.h"
#include "KinematicTreeBindings.h"
#include "PythonConversion.h"
#include "PythonScriptFunction.h"
#include "SymbolicBindings.h"
#include "core/foundation/Errors.h"
#include "core/foundation/FileError.h"
#include "core/items/ItemRegistry.h"
#include "core/model/MainSystem.h"
#include "core/model/SimulationSettings.h"
#include "objects/ItemList.h"
#include "objects/actuators/TransmissionInertia.h"
#include "objects/bodies/ObjectKinematicTree.h"
#include "solvers/driver/LinearizedSystem.h"
#include "solvers/driver/SolveDynamic.h"
#include "solvers/driver/SolveStatic.h"
#include "solvers/integrators/ReportClock.h"

namespace py = pybind11;
using namespace multidyn;

namespace {

ItemCategory CategoryOf(int category) {
  if (category < 0 || category > 4) throw ValueError("internal: bad item category " + std::to_string(category));
  return static_cast<ItemCategory>(category);
}

const char* ConstraintName(FieldConstraint constraint) {
  switch (constraint) {
    case FieldConstraint::NonNegative: return ">= 0";
    case FieldConstraint::Positive: return "> 0";
    case FieldConstraint::NonZero: return "!= 0";
    default: return "";
  }
}

// defaults: the values of a default-constructed owner of f (settings), which may differ from
// the defaults of f's own table: a structure nested twice can have other defaults in each place.
py::dict DescribeField(const FieldDescriptor& f, const Json* defaults = nullptr) {
  py::dict d;
  d["name"] = f.name;
  d["key"] = f.key;
  d["group"] = f.group;
  d["type"] = f.TypeName();
  d["rows"] = f.rows;
  d["cols"] = f.cols;
  d["unit"] = f.unit;
  d["description"] = f.description;
  d["constraint"] = ConstraintName(f.constraint);
  d["structural"] = f.role == FieldRole::Structural;
  d["aliases"] = f.aliases;
  d["deprecation"] = f.deprecation;
  d["expected"] = f.Expected();
  d["userFunctionSignature"] = f.userFunctionSignature;
  d["isUserFunction"] = f.type == FieldType::UserFunction;
  d["testValue"] = JsonToPython(f.testValue);  // null: None
  const std::optional<ItemCategory> indexCategory = ReferencedCategory(f.type);
  d["isIndex"] = indexCategory.has_value();
  // the category the index (or index list) refers to: Python checks typed indices against it
  d["indexCategory"] = indexCategory ? py::object(py::int_(static_cast<int>(*indexCategory))) : py::object(py::none());
  if (f.type == FieldType::Nested) {
    py::list nested;
    const Json* nestedDefaults = defaults && defaults->contains(f.key) ? &(*defaults)[f.key] : nullptr;
    for (const auto& n : f.nested->fields) nested.append(DescribeField(n, nestedDefaults));
    d["fields"] = nested;
    d["default"] = py::none();
  } else if (f.type == FieldType::UserFunction) {
    d["default"] = py::int_(0);
  } else {
    d["default"] = JsonToPython(defaults && defaults->contains(f.key) ? (*defaults)[f.key] : f.defaultValue);
  }
  return d;
}

py::list ItemTypes() {
  py::list list;
  for (const ItemTypeInfo* info : ItemRegistry::Instance().All()) {
    py::dict d;
    d["category"] = static_cast<int>(info->category);
    d["typeKey"] = TypeKey(info->category);
    d["typeName"] = info->typeName;
    d["className"] = info->className;
    d["shortNames"] = info->shortNames;
    d["family"] = info->family;
    d["description"] = info->description;
    py::list outputs;
    for (OutputVariableType t : info->outputs) outputs.append(OutputVariableTypeName(t));
    d["outputs"] = outputs;
    py::list fields;
    for (const auto& f : info->fields->fields) fields.append(DescribeField(f));
    d["fields"] = fields;
    list.append(d);
  }
  return list;
}

// Splits an item dict into its JSON part and its user functions (callables).
std::unique_ptr<Item> ItemFromPython(ItemCategory category, const py::dict& dict, const std::string& description,
                                     std::vector<std::pair<const FieldDescriptor*, py::object>>& functions,
                                     std::vector<std::string>& deprecated) {
  Json json = Json::object();
  const std::string typeKey = TypeKey(category);
  const ItemTypeInfo* info = nullptr;
  if (dict.contains(typeKey))
    info = ItemRegistry::Instance().Find(category,
                                         TextFromPython(py::str(dict[typeKey.c_str()]), description + ": " + typeKey));
  for (auto item : dict) {
    const std::string key = TextFromPython(py::str(item.first), description + ": parameter name");
    const FieldDescriptor* field = info ? info->fields->Find(key) : nullptr;
    if (field && field->type == FieldType::UserFunction && PyCallable_Check(item.second.ptr())) {
      functions.emplace_back(field, py::reinterpret_borrow<py::object>(item.second));
      continue;
    }
    try {  // the error's prefix is built on error only (this runs for every value of every item added)
      json[key] = PythonToJson(item.second);
    } catch (const TypeError& e) {
      throw TypeError(description + (info ? " (" + info->className + ")" : "") + ": parameter '" + key +
                      "': " + e.what());
    } catch (const ValueError& e) {
      throw ValueError(description + (info ? " (" + info->className + ")" : "") + ": parameter '" + key +
                       "': " + e.what());
    }
  }
  auto created = CreateItemFromJson(category, json, description, &deprecated);
  for (auto& [field, callable] : functions) field->setFunction(created.get(), ScriptFunctionFromPython(callable));
  return created;
}

void WarnDeprecated(const Item& item, const std::vector<std::string>& names) {
  for (const auto& name : names) {
    const FieldDescriptor* field = item.TypeInfo().fields->Find(name);
    const std::string text = item.TypeInfo().className + "." + name + " is " + field->deprecation;
    PyErr_WarnEx(PyExc_DeprecationWarning, text.c_str(), 2);
  }
}

py::object OutputToPython(const VectorX& value, bool scalarIfSizeOne) {
  if (scalarIfSizeOne && value.size() == 1) return py::float_(value(0));
  return VectorToPython(value);
}

// Object outputs come as Exudyn gives them: a float for a scalar output of a connector or
// constraint (size 1), and of a body its KineticEnergy, the Rotation of a planar or 1D body and
// a beam section's StrainLocal, CurvatureLocal, ForceLocal and TorqueLocal;
// body outputs per coordinate (a kinematic tree's Coordinates, Force) stay arrays of any size.
py::object ObjectOutputToPython(const MainSystem& system, Index object, const VectorX& value, OutputVariableType type) {
  const ObjectKind kind = system.GetObject(object).Kind();
  const bool isBody = kind == ObjectKind::Body || kind == ObjectKind::Ground;
  const bool scalar =
      !isBody || type == OutputVariableType::KineticEnergy || type == OutputVariableType::Rotation ||
      type == OutputVariableType::StrainLocal || type == OutputVariableType::CurvatureLocal ||
      (value.size() == 1 && (type == OutputVariableType::ForceLocal || type == OutputVariableType::TorqueLocal));
  return OutputToPython(value, scalar);
}

// The viewer's hook (multidyn.viewer): a Python callable f(time, phase) called at the start of a
// solve (phase 0), after an accepted step when graphicsUpdateInterval seconds of wall-clock time
// have passed since the last call (phase 1), and at the end (phase 2); with
// solutionSettings.recordImagesInterval > 0 also at the start and after the first step at or past each
// multiple of it in simulation time (phase 3: record an image; not limited by the budget, as recording
// is asked for). The system's current state is then that of the step. Set by
// _multidyn._SetGraphicsUpdateHook(f, intervalSeconds), removed with f = None. Without a hook a step
// pays one test of a flag.
struct GraphicsUpdateHook {
  py::object function;
  double intervalSeconds = 0.1;
  double budget = 0.04;  // the largest fraction of the solve's wall-clock time the hook may take
};
GraphicsUpdateHook& GraphicsHook() {
  static GraphicsUpdateHook* hook =
      new GraphicsUpdateHook;  // never destroyed: no Python object outlives the interpreter
  return *hook;
}

// Progress, Ctrl-C and the viewer's updates for long solves. The solve runs without the GIL
// (TimedSolve), so every call into Python takes it back here. Signals are checked about every
// 50 ms, not every step: on a small model a check per step would cost a twentieth of a step, and each
// check waits for the GIL while another Python thread holds it (the viewer's server and drawing
// threads: measured, a thread holding the GIL half of the time doubled a main-thread solve's
// wall-clock time with checks every millisecond; slower still when that thread waits for a core).
// Ctrl-C still stops within a twentieth of a second. Only on Python's main thread, the only one that
// runs signal handlers: a solve on another thread never waits for the GIL to check.
class PythonSolverObserver : public SolverObserver {
 public:
  // Constructed with the GIL held, just before the solve: what OnStart needs from Python is read
  // here, so that a solve without a graphics hook never takes the GIL back to start (per-solve cost).
  explicit PythonSolverObserver(double recordImagesInterval = -1.)
      : recordInterval_(recordImagesInterval), onMainThread_(PyThread_get_thread_ident() == MainThreadIdent()) {
    const GraphicsUpdateHook& hook = GraphicsHook();
    hookActive_ = hook.function && !hook.function.is_none();
  }
  void OnStart(const SystemState& state) override {
    signalCheck_.Start();
    if (!hookActive_) return;
    py::gil_scoped_acquire gil;
    CallHook(state.time, 0);  // first: it may set the interval from the visualization settings
    SetGraphicsClock(GraphicsHook().intervalSeconds);
    recording_ = recordInterval_ > 0.;
    if (!recording_) return;
    recordStart_ = state.time;
    recordCount_ = 1;
    CallHook(state.time, 3);
  }
  void OnStepAccepted(const SystemState& state, double, Index) override {
    if (onMainThread_ && signalCheck_.Due()) {
      py::gil_scoped_acquire gil;
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    }
    // the next multiple of the interval, less a rounding tolerance (k*h steps land on k*interval)
    if (recording_ && state.time >= recordStart_ + double(recordCount_) * recordInterval_ * (1. - 1e-10)) {
      py::gil_scoped_acquire gil;
      CallHook(state.time, 3);
      while (recordStart_ + double(recordCount_) * recordInterval_ * (1. - 1e-10) <= state.time) ++recordCount_;
      graphicsClock_.Start();  // the image drew the state: no update needed right after it
      return;
    }
    if (hookActive_ && graphicsClock_.Due()) {
      // the call's whole cost, with the time other Python threads (the viewer's server) ran while the hook
      // held the interpreter, sets when the next call may come: a large model is drawn less often instead
      // of slowing the solve by more than the budget
      py::gil_scoped_acquire gil;
      const auto start = ReportClock::Clock::now();
      CallHook(state.time, 1);
      const double cost = std::chrono::duration<double>(ReportClock::Clock::now() - start).count();
      const GraphicsUpdateHook& hook = GraphicsHook();
      SetGraphicsClock(std::max(hook.intervalSeconds, hook.budget > 0. ? cost / hook.budget : 0.));
    }
  }
  void OnFinish(const SystemState& state) override {
    if (!hookActive_) return;
    py::gil_scoped_acquire gil;
    CallHook(state.time, 2);
  }
  // through exu.Print, which honours exu.config (printToConsole, SetWriteToFile); reports are rare
  void Report(const std::string& text) override {
    py::gil_scoped_acquire gil;
    Console().attr("Print")(text, py::arg("flush") = true);
  }
  void Warn(const std::string& text) override {
    py::gil_scoped_acquire gil;
    if (Console().attr("config").attr("suppressWarnings").cast<bool>()) return;
    if (PyErr_WarnEx(PyExc_UserWarning, text.c_str(), 1) != 0) throw py::error_already_set();  // warnings as errors
  }

 private:
  static py::module_ Console() { return py::module_::import("multidyn.console"); }
  const double recordInterval_;  // solutionSettings.recordImagesInterval [s of simulation time]
  // Python's main thread, the one that runs signal handlers (asked once: importing threading per
  // solve was a tenth of a small solve's overhead)
  static unsigned long MainThreadIdent() {
    static const unsigned long ident =
        py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
    return ident;
  }
  const bool onMainThread_;
  // the hook may be removed while it runs (the viewer stopped): a reference of our own for the call
  static void CallHook(double time, int phase) {
    const py::object function = GraphicsHook().function;
    if (function && !function.is_none()) function(time, phase);
  }
  void SetGraphicsClock(double intervalSeconds) {
    graphicsClock_ = ReportClock(std::chrono::duration_cast<ReportClock::Clock::duration>(
        std::chrono::duration<double>(std::max(intervalSeconds, 0.))));
    graphicsClock_.Start();
  }
  ReportClock signalCheck_{std::chrono::milliseconds(50)};
  ReportClock graphicsClock_;
  bool hookActive_ = false;
  bool recording_ = false;
  double recordStart_ = 0.;
  long long recordCount_ = 0;  // images recorded so far (the next at recordStart_ + recordCount_ * interval)
};

py::object ToPythonMatrix(const SensorRecord& record) {
  const size_t rows = size_t(record.NumberOfRows()), columns = size_t(record.NumberOfColumns());
  py::array_t<double> array({rows, columns});
  if (rows * columns > 0) std::copy(record.Data(), record.Data() + rows * columns, array.mutable_data());
  return std::move(array);
}

// Settings from a SimulationSettings dict (ValueError/TypeError naming a bad setting).
SimulationSettings SettingsFromPython(const py::dict& settingsDict) {
  SimulationSettings settings;
  SettingsFromJson(SimulationSettings::Fields(), &settings, PythonToJson(settingsDict, "SimulationSettings"));
  return settings;
}

// A solve with the settings of a SimulationSettings dict, Ctrl-C and progress through a
// PythonSolverObserver, without the GIL: its statistics and computation time as a dict.
template <class Solve> py::dict TimedSolve(const py::dict& settingsDict, Solve&& solve) {
  // The converted settings of the last dict, while it is that same object: SimulationSettings
  // hands the solvers one dict until a value changes, and never changes it (a 10-step solve spent
  // a fifth of its time converting it). The reference keeps the object from being freed, so its
  // identity cannot pass to another dict; leaked on purpose (no Python call after finalization).
  static py::object& lastDict = *new py::object();
  static SimulationSettings& lastSettings = *new SimulationSettings();
  if (!lastDict.is(settingsDict)) {
    lastSettings = SettingsFromPython(settingsDict);  // throws before the cache changes
    lastDict = settingsDict;
  }
  const SimulationSettings settings = lastSettings;
  PythonSolverObserver observer(settings.solutionSettings.recordImagesInterval);
  const auto start = std::chrono::steady_clock::now();
  SolverStatistics statistics;
  {
    // Without the GIL, so that other Python threads run meanwhile (several systems solved at once
    // on a thread pool, multidyn.processing); user functions (PythonScriptFunction) and the
    // observer take it back to call Python. Nothing else in a solve touches Python objects.
    py::gil_scoped_release withoutGil;
    statistics = solve(settings, observer);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  py::dict d;
  d["steps"] = statistics.steps;
  d["rejectedSteps"] = statistics.rejectedSteps;
  d["newtonIterations"] = statistics.newtonIterations;
  d["jacobianEvaluations"] = statistics.jacobianEvaluations;
  d["newtonJacobians"] = statistics.newtonJacobians;
  d["factorizations"] = statistics.factorizations;
  d["discontinuousIterations"] = statistics.discontinuousIterations;
  d["modifiedNewtonRejections"] = statistics.modifiedNewtonRejections;
  d["residualEvaluations"] = statistics.residualEvaluations;
  d["errorTestFailures"] = statistics.errorTestFailures;
  d["convergenceFailures"] = statistics.convergenceFailures;
  d["lastOrder"] = statistics.lastOrder;
  d["computationTime"] = seconds;
  return d;
}

// A matrix parameter kept sparse (its JSON is the sparse form, a dict) as the exu.MatrixContainer
// it was given as; a dense one stays a list of rows.
py::object SparseAsMatrixContainer(const py::object& value) {
  if (!py::isinstance<py::dict>(value)) return value;
  return py::module_::import("multidyn.api.matrixContainer").attr("MatrixContainer").attr("_FromSparseForm")(value);
}

// Index fields as Exudyn's item dicts give them: NodeIndex, MarkerIndex, ... (ints that know
// their kind; scripts pass them on to functions that accept only that kind).
py::object TypedIndices(int category, const py::object& value) {
  const py::object indexType = py::module_::import("multidyn.api.indices").attr("indexTypes")[py::int_(category)];
  if (!py::isinstance<py::list>(value)) return indexType(value);
  py::list typed;
  for (const py::handle entry : value) typed.append(indexType(entry));
  return std::move(typed);
}

// A step user function f(mbs, t) -> bool given to mbs.Set...StepUserFunction (or another system
// user function, `expected` its form); 0 or None removes it.
ScriptFunctionPtr StepUserFunctionFromPython(
    const py::object& function, const std::string& call,
    const std::string& expected = "a Python function f(mbs, t) returning True (continue) or False (stop)") {
  if (PyCallable_Check(function.ptr())) return std::make_shared<PythonScriptFunction>(function);
  const bool remove =
      function.is_none() || (py::isinstance<py::int_>(function) && !py::isinstance<py::bool_>(function) &&
                             function.cast<py::int_>().equal(py::int_(0)));
  if (!remove)
    throw TypeError(call + ": expected " + expected + ", or 0 to remove it; got " + ReprForMessage(function));
  return nullptr;
}

py::object StepUserFunctionToPython(const ScriptFunctionPtr& function) {
  auto python = std::dynamic_pointer_cast<const PythonScriptFunction>(function);
  return python ? python->Callable() : py::object(py::int_(0));
}

// The state systemData's setters write: the reference configuration is the items' reference
// coordinates (the state's vectors are zero displacements), so it cannot be set.
SystemState& WritableState(MainSystem& system, ConfigurationType configuration, const std::string& function) {
  system.Compiled();
  switch (configuration) {
    case ConfigurationType::Current: return system.WritableCurrentState();  // the solver's in a post-Newton function
    case ConfigurationType::Initial: return system.InitialState();
    case ConfigurationType::StartOfStep: return system.StartOfStepState();
    case ConfigurationType::Reference: break;
  }
  throw ValueError(function +
                   ": configuration must be Current, Initial or StartOfStep; the Reference configuration is "
                   "given by the items' referenceCoordinates");
}

enum class CoordinateKind { ODE2, ODE1 };

// mbs.GetNodeODE2Index / GetNodeODE1Index: the global index of a node's first coordinate of that kind
Index NodeCoordinateStart(const MainSystem& system, Index node, CoordinateKind kind) {
  const CompiledSystem& c = system.Compiled();  // NotAssembledError
  const Node& n = system.GetNode(node);  // IndexError naming the node
  const bool ode2 = kind == CoordinateKind::ODE2;
  const char* name = ode2 ? "ODE2" : "ODE1";
  if ((ode2 ? n.NumberOfODE2Coordinates() : n.NumberOfODE1Coordinates()) == 0)
    throw ValueError(std::string("mbs.GetNode") + name + "Index(" + std::to_string(node) +
                     "): " + MainSystem::ItemDescription(n, node) + " has no " + name + " coordinates");
  return ode2 ? c.nodeODE2Start[node] : c.nodeODE1Start[node];
}

}  // namespace

PYBIND11_MODULE(_multidyn, m) {
  m.doc() = "Multidyn compiled core";
  RegisterAllItems();
  RegisterCentroidalBindings(m);
  RegisterKinematicTreeBindings(m);
  RegisterContactBindings(m);
  RegisterSymbolicBindings(m);

  static py::exception<NotAssembledError> notAssembled(m, "NotAssembledError", PyExc_RuntimeError);
  static py::exception<UserFunctionError> userFunctionError(m, "UserFunctionError", PyExc_RuntimeError);
  static py::exception<SolverError> solverError(m, "SolverError", PyExc_RuntimeError);
  static py::exception<SolveInProgressError> solveInProgress(m, "SolveInProgressError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ValueError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const TypeError& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    } catch (const IndexError& e) {
      PyErr_SetString(PyExc_IndexError, e.what());
    } catch (const FileError& e) {
      // OSError(errno, text, path) is created as the subclass of the errno (FileNotFoundError, ...)
      PyErr_SetObject(PyExc_OSError, py::make_tuple(e.ErrorNumber(), e.what(), e.Path()).ptr());
    } catch (const NotAssembledError& e) {
      PyErr_SetString(notAssembled.ptr(), e.what());
    } catch (const UserFunctionError& e) {
      PyErr_SetString(userFunctionError.ptr(), e.what());
    } catch (const SolverError& e) {
      PyErr_SetString(solverError.ptr(), e.what());
    } catch (const SolveInProgressError& e) {
      PyErr_SetString(solveInProgress.ptr(), e.what());
    }
  });

  py::enum_<OutputVariableType> outputs(m, "OutputVariableType");
  for (OutputVariableType t : AllOutputVariableTypes()) outputs.value(OutputVariableTypeName(t), t);
  py::enum_<ConfigurationType>(m, "ConfigurationType")
      .value("Reference", ConfigurationType::Reference)
      .value("Initial", ConfigurationType::Initial)
      .value("Current", ConfigurationType::Current)
      .value("StartOfStep", ConfigurationType::StartOfStep);

  m.def(
      "_SetGraphicsUpdateHook",
      [](const py::object& function, double intervalSeconds, double budget) {
        if (!function.is_none() && !PyCallable_Check(function.ptr()))
          throw py::type_error("_SetGraphicsUpdateHook: expected a callable f(time, phase) or None");
        if (!(intervalSeconds >= 0.) || !std::isfinite(intervalSeconds))
          throw py::value_error("_SetGraphicsUpdateHook: intervalSeconds must be a finite number >= 0");
        if (!(budget >= 0.) || !(budget <= 1.))
          throw py::value_error("_SetGraphicsUpdateHook: budget must be a fraction in [0, 1] (0: no limit)");
        GraphicsHook().function = function;
        GraphicsHook().intervalSeconds = intervalSeconds;
        GraphicsHook().budget = budget;
      },
      py::arg("function"), py::arg("intervalSeconds") = 0.1, py::arg("budget") = 0.04,
      "the viewer's hook: f(time, phase) at the start (0), during (1: about every intervalSeconds, less often "
      "when its calls would take more than the fraction budget of the wall-clock time) and at the end (2) of "
      "every solve, and to record an image (3) every solutionSettings.recordImagesInterval of simulation time; "
      "None removes it");
  m.def("ItemTypes", &ItemTypes, "descriptions of all item types and their parameters (from the C++ field tables)");
  m.def(
      "SettingsFields",
      [] {
        FieldDescriptor root;
        root.name = root.key = "SimulationSettings";
        root.type = FieldType::Nested;
        root.nested = &SimulationSettings::Fields();
        const SimulationSettings defaultSettings;
        const Json defaults = {{root.key, SettingsToJson(*root.nested, &defaultSettings)}};
        return DescribeField(root, &defaults);
      },
      "the SimulationSettings tree with defaults");
  m.def(
      "ValidateSettings", [](const py::dict& settings) { SettingsFromPython(settings); },
      "raises if a settings dict has unknown names or bad values");
  m.def(
      "ValidateFields",
      [](int category, const std::string& typeName, const py::dict& values) {
        const ItemTypeInfo* info = ItemRegistry::Instance().Find(CategoryOf(category), typeName);
        if (!info) throw ValueError("unknown item type " + typeName);
        // One item per type to set values on (creating one per call cost a tenth of building a model):
        // a field's setter checks the value alone (cross-field checks are the item's Check()), and
        // leaves the item as it was on error, so the values of earlier calls do not matter.
        static std::unordered_map<const ItemTypeInfo*, std::unique_ptr<Item>>& prototypes =
            *new std::unordered_map<const ItemTypeInfo*, std::unique_ptr<Item>>();
        std::unique_ptr<Item>& item = prototypes[info];
        if (!item) item = info->create();
        for (auto entry : values) {
          const std::string field = TextFromPython(entry.first, info->className + ": parameter name");
          const FieldDescriptor* f = info->fields->Find(field);
          if (!f) throw TypeError(info->className + ": has no parameter '" + field + "'");
          if (f->type == FieldType::UserFunction && PyCallable_Check(entry.second.ptr())) continue;
          SetItemField(*item, *f, PythonToJson(entry.second, info->className + ": parameter '" + f->name + "'"),
                       info->className);
        }
      },
      "raises ValueError/TypeError if a value of the dict {parameter name: value} is not valid for its field");

  py::class_<MainSystem>(m, "MainSystem", py::dynamic_attr())
      .def(py::init<>())
      .def("_RemoveItemsFrom",
           [](MainSystem& self, int category, Index count) { self.RemoveItemsFrom(CategoryOf(category), count); })
      .def("_AddItem",
           [](MainSystem& self, int category, const py::dict& dict) {
             const ItemCategory c = CategoryOf(category);
             std::vector<std::pair<const FieldDescriptor*, py::object>> functions;
             std::vector<std::string> deprecated;
             const std::string description = std::string(CategoryName(c)) + " " + std::to_string(self.NumberOfItems(c));
             auto item = ItemFromPython(c, dict, description, functions, deprecated);
             const Item& added = *item;
             const Index index = self.AddItem(std::move(item));
             WarnDeprecated(added, deprecated);
             return index;
           })
      .def("_ModifyItem",
           [](MainSystem& self, int category, Index index, const py::dict& dict) {
             const ItemCategory c = CategoryOf(category);
             std::vector<std::pair<const FieldDescriptor*, py::object>> functions;
             std::vector<std::string> deprecated;
             auto item = ItemFromPython(c, dict, self.ItemDescription(c, index), functions, deprecated);
             const Item& changed = *item;
             self.ModifyItem(c, index, std::move(item));
             WarnDeprecated(changed, deprecated);
           })
      .def("_DeleteItem",
           [](MainSystem& self, int category, Index index, bool deleteDependents) {
             return self.DeleteItem(CategoryOf(category), index, deleteDependents);  // the warnings
           })
      .def("_ReplaceItems",
           [](MainSystem& self, const py::list& lists, const std::string& call) {
             // lists: the item dicts of each category (normalised by their classes, as for _AddItem)
             self.CheckNotSolving(call);
             MainSystem::ItemLists items;
             std::vector<std::pair<const Item*, std::vector<std::string>>> deprecated;
             for (int category = 0; category < 5 && category < static_cast<int>(lists.size()); ++category) {
               const ItemCategory c = CategoryOf(category);
               Index i = 0;
               for (const py::handle dict : lists[category].cast<py::list>()) {
                 std::vector<std::pair<const FieldDescriptor*, py::object>> functions;
                 std::vector<std::string> names;
                 items[category].push_back(ItemFromPython(c, dict.cast<py::dict>(),
                                                          std::string(CategoryName(c)) + " " + std::to_string(i++),
                                                          functions, names));
                 if (!names.empty()) deprecated.emplace_back(items[category].back().get(), std::move(names));
               }
             }
             self.ReplaceItems(std::move(items), call);
             for (const auto& [item, names] : deprecated) WarnDeprecated(*item, names);
           })
      .def("_NumberOfItems",
           [](const MainSystem& self, int category) { return self.NumberOfItems(CategoryOf(category)); })
      .def("_GetItem",
           [](const MainSystem& self, int category, Index index) {
             const ItemCategory c = CategoryOf(category);
             py::dict dict = JsonToPython(self.ItemToJson(c, index));
             const Item& item = self.GetItem(c, index);
             for (const auto& f : item.TypeInfo().fields->fields) {
               if (f.type == FieldType::UserFunction)
                 if (const ScriptFunctionPtr function = f.getFunction(&item))
                   dict[py::str(f.key)] = ScriptFunctionToPython(function);
               const std::optional<ItemCategory> indexCategory = ReferencedCategory(f.type);
               if (indexCategory && dict.contains(f.key))
                 dict[py::str(f.key)] = TypedIndices(static_cast<int>(*indexCategory), dict[py::str(f.key)]);
               if (f.type == FieldType::Matrix && dict.contains(f.key))
                 dict[py::str(f.key)] = SparseAsMatrixContainer(dict[py::str(f.key)]);
             }
             return dict;
           })
      .def("_GetItemParameter",
           [](const MainSystem& self, int category, Index index, const py::object& parameterName) -> py::object {
             const ItemCategory c = CategoryOf(category);
             const Item& item = self.GetItem(c, index);
             const std::string name = TextFromPython(parameterName, self.ItemDescription(c, index) + ": parameterName");
             const FieldDescriptor* f = item.TypeInfo().fields->Find(name);
             if (f && f->type == FieldType::UserFunction) {
               return ScriptFunctionToPython(f->getFunction(&item));
             }
             const py::object value = JsonToPython(self.GetItemParameter(c, index, name));
             return f && f->type == FieldType::Matrix ? SparseAsMatrixContainer(value) : value;
           })
      .def("_SetItemParameter",
           [](MainSystem& self, int category, Index index, const py::object& parameterName,
              const py::object& pythonValue) {
             const ItemCategory c = CategoryOf(category);
             const Item& item = self.GetItem(c, index);
             const std::string name = TextFromPython(parameterName, self.ItemDescription(c, index) + ": parameterName");
             const FieldDescriptor* f = item.TypeInfo().fields->Find(name);
             const std::string where = self.ItemDescription(c, index) + ": parameter '" + (f ? f->name : name) + "'";
             if (f && f->type == FieldType::UserFunction && PyCallable_Check(pythonValue.ptr())) {
               self.SetItemUserFunction(c, index, name, ScriptFunctionFromPython(pythonValue));
               return;
             }
             const Json value = f ? PythonToJson(pythonValue, where) : Json();
             if (f && f->type == FieldType::UserFunction) {
               self.SetItemParameter(c, index, name, value);  // validates 0/None
               return;
             }
             if (self.SetItemParameter(c, index, name, value))  // an unknown name: TypeError listing the parameters
               WarnDeprecated(self.GetItem(c, index), {f->name});
           })
      .def("_ItemDescription", [](const MainSystem& self, int category,
                                  Index index) { return self.ItemDescription(CategoryOf(category), index); })
      .def("_AddTestInstance",
           [](MainSystem& self, int category, const std::string& className) {
             // for the tests that cover every item type: the instance the type declares (Item.h)
             const ItemTypeInfo* info = ItemRegistry::Instance().Find(CategoryOf(category), className);
             if (!info)
               throw ValueError("no " + std::string(CategoryName(CategoryOf(category))) + " type '" + className + "'");
             info->addTestInstance(self);
           })
      .def(
          "_ItemsOfClass",
          [](const MainSystem& self, int category, const std::string& className) {
            std::vector<Index> numbers;  // one call instead of one per item (Assemble looks for actuators)
            const ItemCategory c = CategoryOf(category);
            for (Index i = 0; i < self.NumberOfItems(c); ++i)
              if (self.GetItem(c, i).TypeInfo().className == className) numbers.push_back(i);
            return numbers;
          },
          "the numbers of the items of a category whose class is className (e.g. 'ObjectActuator')")
      .def("Assemble", &MainSystem::Assemble, "validates all items and builds the system's equations")
      .def("IsAssembled", &MainSystem::IsAssembled)
      .def("Reset", &MainSystem::Reset, "removes all items")
      .def(
          "SetPreNewtonResidualUserFunction",
          [](MainSystem& self, const py::object& function) {
            self.SetPreNewtonResidualUserFunction(
                StepUserFunctionFromPython(function, "mbs.SetPreNewtonResidualUserFunction",
                                           "a Python function f(mbs, t, newtonIt, discontinuousIt)"));
          },
          py::arg("value"),
          "sets f(mbs, t, newtonIt, discontinuousIt), called before every residual of the Newton "
          "iteration of the implicit and static solvers (not for Jacobians); it may set run-time parameters; 0 removes "
          "it")
      .def("GetPreNewtonResidualUserFunction",
           [](const MainSystem& self) { return StepUserFunctionToPython(self.PreNewtonResidualUserFunction()); })
      .def(
          "SetSystemJacobianUserFunction",
          [](MainSystem& self, const py::object& function) {
            self.SetSystemJacobianUserFunction(StepUserFunctionFromPython(
                function, "mbs.SetSystemJacobianUserFunction",
                "a Python function f(mbs, t, factorODE2, factorODE2_t, factorODE1) returning an exu.MatrixContainer"));
          },
          py::arg("value"),
          "sets f(mbs, t, factorODE2, factorODE2_t, factorODE1) -> MatrixContainer, whose entries "
          "(the Jacobian of the right-hand side times the factors) are added to the Newton matrix of the implicit "
          "and static solvers; 0 removes it")
      .def("GetSystemJacobianUserFunction",
           [](const MainSystem& self) { return StepUserFunctionToPython(self.SystemJacobianUserFunction()); })
      .def(
          "SetPostNewtonUserFunction",
          [](MainSystem& self, const py::object& function) {
            self.SetPostNewtonUserFunction(StepUserFunctionFromPython(
                function, "mbs.SetPostNewtonUserFunction",
                "a Python function f(mbs, t) returning [discontinuousError, recommendedStepSize]"));
          },
          py::arg("value"),
          "sets f(mbs, t) -> [discontinuousError, recommendedStepSize], called after every converged "
          "Newton solve; it may change the current data coordinates; an error above "
          "discontinuous.iterationTolerance repeats the step, a recommendedStepSize >= 0 reduces it; 0 removes it")
      .def("_CurrentSolverStep",
           [](const MainSystem& self) {
             return py::make_tuple(self.CurrentSolverStep().time, self.CurrentSolverStep().stepSize);
           })
      .def("GetPostNewtonUserFunction",
           [](const MainSystem& self) { return StepUserFunctionToPython(self.PostNewtonUserFunction()); })
      .def(
          "GetNodeODE2Index",
          [](const MainSystem& self, Index node) { return NodeCoordinateStart(self, node, CoordinateKind::ODE2); },
          py::arg("nodeNumber"), "global index of the node's first ODE2 coordinate (after mbs.Assemble())")
      .def(
          "GetNodeODE1Index",
          [](const MainSystem& self, Index node) { return NodeCoordinateStart(self, node, CoordinateKind::ODE1); },
          py::arg("nodeNumber"), "global index of the node's first ODE1 coordinate (after mbs.Assemble())")
      .def(
          "SetPreStepUserFunction",
          [](MainSystem& self, const py::object& function) {
            self.SetPreStepUserFunction(StepUserFunctionFromPython(function, "mbs.SetPreStepUserFunction"));
          },
          py::arg("value"),
          "sets f(mbs, t) -> bool, called at the start of every time step; False stops the "
          "simulation; 0 removes it")
      .def("GetPreStepUserFunction",
           [](const MainSystem& self) { return StepUserFunctionToPython(self.PreStepUserFunction()); })
      .def(
          "SetPostStepUserFunction",
          [](MainSystem& self, const py::object& function) {
            self.SetPostStepUserFunction(StepUserFunctionFromPython(function, "mbs.SetPostStepUserFunction"));
          },
          py::arg("value"),
          "sets f(mbs, t) -> bool, called for the initial state and after every accepted step "
          "(before sensors are written); False stops the simulation after that step; 0 removes it")
      .def("GetPostStepUserFunction",
           [](const MainSystem& self) { return StepUserFunctionToPython(self.PostStepUserFunction()); })
      .def("_CheckNotSolving", [](const MainSystem& self, const std::string& call) { self.CheckNotSolving(call); })
      .def("IsBeingSolved", &MainSystem::IsBeingSolved, "True while SolveDynamic runs (e.g. inside a user function)")
      .def(
          "GetNodeOutput",
          [](const MainSystem& self, Index node, OutputVariableType type, ConfigurationType configuration) {
            return OutputToPython(self.GetNodeOutput(node, type, configuration),
                                  true);  // a float for size 1, as Exudyn
          },
          py::arg("nodeNumber"), py::arg("variableType"), py::arg("configuration") = ConfigurationType::Current)
      .def(
          "GetObjectOutput",
          [](const MainSystem& self, Index object, OutputVariableType type, ConfigurationType configuration) {
            return ObjectOutputToPython(self, object, self.GetObjectOutput(object, type, configuration), type);
          },
          py::arg("objectNumber"), py::arg("variableType"), py::arg("configuration") = ConfigurationType::Current)
      .def(
          "GetObjectOutputBody",
          [](const MainSystem& self, Index object, OutputVariableType type, const py::object& localPosition,
             ConfigurationType configuration) {
            const std::vector<double> values =
                VectorFromPython(localPosition, 3, "mbs.GetObjectOutputBody: parameter 'localPosition'");
            return ObjectOutputToPython(
                self, object,
                self.GetObjectOutputBody(object, type, Vector3(values[0], values[1], values[2]), configuration), type);
          },
          py::arg("objectNumber"), py::arg("variableType"), py::arg("localPosition") = std::vector<double>{0., 0., 0.},
          py::arg("configuration") = ConfigurationType::Current)
      .def(
          "GetObjectOutputSuperElement",
          [](const MainSystem& self, Index object, OutputVariableType type, Index meshNodeNumber,
             ConfigurationType configuration) {
            self.Compiled();
            const Object& item = self.GetObject(object);  // IndexError naming the object
            // Exudyn's mesh node of a kinematic tree is a link; no other item here has mesh nodes.
            const auto* tree = dynamic_cast<const ObjectKinematicTree*>(&item);
            const std::string call = "mbs.GetObjectOutputSuperElement: ";
            if (!tree)
              throw TypeError(call + MainSystem::ItemDescription(item, object) +
                              " has no mesh nodes; here only an ObjectKinematicTree has them (its links)");
            if (meshNodeNumber < 0 || meshNodeNumber >= tree->NumberOfLinks())
              throw ValueError(call + "parameter 'meshNodeNumber': " + std::to_string(meshNodeNumber) +
                               " is not a link of object " + std::to_string(object) +
                               "; expected 0 <= meshNodeNumber < " + std::to_string(tree->NumberOfLinks()));
            return OutputToPython(tree->LinkOutput(self, type, meshNodeNumber, Vector3::Zero(), configuration), false);
          },
          py::arg("objectNumber"), py::arg("variableType"), py::arg("meshNodeNumber"),
          py::arg("configuration") = ConfigurationType::Current,
          "output of mesh node meshNodeNumber of a superelement: of link meshNodeNumber (its frame's origin) for an "
          "ObjectKinematicTree, the only object with mesh nodes here")
      .def(
          "GetMarkerOutput",
          [](const MainSystem& self, Index marker, OutputVariableType type, ConfigurationType configuration) {
            return OutputToPython(self.GetMarkerOutput(marker, type, configuration), false);
          },
          py::arg("markerNumber"), py::arg("variableType"), py::arg("configuration") = ConfigurationType::Current)
      .def(
          "GetLoadValues",
          [](const MainSystem& self, Index load) {
            return OutputToPython(self.GetLoadValues(load), true);  // a float for scalar loads, as Exudyn
          },
          py::arg("loadNumber"))
      .def(
          "GetSensorValues",
          [](const MainSystem& self, Index sensor, ConfigurationType configuration) {
            self.Compiled();
            VectorX value = self.GetSensor(sensor).Evaluate(self, configuration);
            return OutputToPython(value, true);
          },
          py::arg("sensorNumber"), py::arg("configuration") = ConfigurationType::Current)
      .def(
          "GetSensorStoredData",
          [](const MainSystem& self, Index sensor) {
            const Sensor& s = self.GetSensor(sensor);
            if (!s.storeInternal)
              throw ValueError(self.ItemDescription(ItemCategory::Sensor, sensor) +
                               ": has no stored data; create it with storeInternal=True");
            return ToPythonMatrix(self.SensorRecords()[sensor]);
          },
          py::arg("sensorNumber"))
      .def("_GetCoordinates",
           [](const MainSystem& self, const std::string& kind, ConfigurationType configuration) {
             const SystemState& s = self.State(configuration);
             // The stored ODE2 and ODE1 coordinates are relative to the reference coordinates, which
             // are what the reference configuration shows (as in Exudyn).
             const bool reference = configuration == ConfigurationType::Reference;
             if (kind == "ODE2") return VectorToPython(reference ? self.Compiled().ode2Reference : s.ode2);
             if (kind == "ODE2Total") return VectorToPython(self.Compiled().ode2Reference + s.ode2);
             if (kind == "ODE1" && reference) return VectorToPython(self.Compiled().ode1Reference);
             if (kind == "ODE2_t") return VectorToPython(s.ode2_t);
             if (kind == "ODE2_tt") return VectorToPython(s.ode2_tt);
             if (kind == "ODE1") return VectorToPython(s.ode1);
             if (kind == "ODE1_t") return VectorToPython(s.ode1_t);
             if (kind == "AE") return VectorToPython(s.ae);
             if (kind == "Data") return VectorToPython(s.data);
             throw ValueError("unknown coordinate kind " + kind);
           })
      .def("_SetCoordinates",
           [](MainSystem& self, const std::string& kind, const py::object& values, ConfigurationType configuration,
              const std::string& function) {
             SystemState& s = WritableState(self, configuration, function);
             VectorX* target = kind == "ODE2"      ? &s.ode2
                               : kind == "ODE2_t"  ? &s.ode2_t
                               : kind == "ODE2_tt" ? &s.ode2_tt
                               : kind == "ODE1"    ? &s.ode1
                               : kind == "ODE1_t"  ? &s.ode1_t
                               : kind == "AE"      ? &s.ae
                               : kind == "Data"    ? &s.data
                                                   : nullptr;
             if (!target) throw ValueError("unknown coordinate kind " + kind);
             const std::vector<double> v = VectorFromPython(values, static_cast<int>(target->size()), function);
             *target = Eigen::Map<const VectorX>(v.data(), static_cast<Index>(v.size()));
           })
      .def("_SetTime",
           [](MainSystem& self, double time, ConfigurationType configuration) {
             if (!std::isfinite(time))
               throw ValueError("systemData.SetTime: newTime must be finite, got " + std::to_string(time));
             WritableState(self, configuration, "systemData.SetTime").time = time;
           })
      .def("_ObjectLTG",
           [](const MainSystem& self, const std::string& kind, Index object) {
             const CompiledSystem& c = self.Compiled();
             std::vector<Index> indices;
             if (kind == "ODE2") indices = c.objectODE2Indices[object];
             if (kind == "ODE1") indices = c.objectODE1Indices[object];
             const Index aeStart = c.objectAEStart[object], dataStart = c.objectDataStart[object];
             if (kind == "AE" && aeStart >= 0)
               for (Index i = 0; i < self.GetObject(object).NumberOfAlgebraicEquations(); ++i)
                 indices.push_back(aeStart + i);
             if (kind == "Data" && dataStart >= 0)
               for (Index i = 0; i < self.GetObject(object).NumberOfDataCoordinates(); ++i)
                 indices.push_back(dataStart + i);
             return indices;
           })
      .def("_ResetCurrentToInitial", &MainSystem::ResetCurrentToInitial)
      .def("_StoreCurrentAsInitial", &MainSystem::StoreCurrentAsInitial)
      .def(
          "_Time",
          [](const MainSystem& self, ConfigurationType configuration) {
            if (self.IsAssembled()) return self.State(configuration).time;
            // as Exudyn's: the time is there before the first Assemble (0) and after a change of the system
            if (configuration == ConfigurationType::Reference) return 0.;
            return configuration == ConfigurationType::Initial ? self.InitialState().time : self.CurrentState().time;
          },
          py::arg("configuration") = ConfigurationType::Current)
      .def("_TransmissionInertia",
           [](const MainSystem& self, Index joint, Index marker0, Index marker1) {
             return InertiaAlong(
                 self, TransmissionDirection(self, ObjectIndex(joint), MarkerIndex(marker0), MarkerIndex(marker1)));
           })
      .def(
          "_LinearizedSystemMatrices",
          [](const MainSystem& self, const py::dict& settingsDict, ConfigurationType configuration) {
            const SimulationSettings settings = SettingsFromPython(settingsDict);
            const LinearizedSystemMatrices matrices =
                ComputeLinearizedSystemMatrices(self, settings, self.State(configuration));
            py::dict d;
            d["nODE2"] = matrices.numberOfODE2;
            d["nODE1"] = matrices.numberOfODE1;
            d["nAE"] = matrices.numberOfAE;
            d["massMatrix"] = MatrixToPython(matrices.massMatrix);
            d["stiffnessMatrix"] = MatrixToPython(matrices.stiffnessMatrix);
            d["dampingMatrix"] = MatrixToPython(matrices.dampingMatrix);
            d["constraintColumns"] = MatrixToPython(matrices.constraintColumns);
            return d;
          },
          py::arg("settings"), py::arg("configuration") = ConfigurationType::Initial,
          "M, K = dr/dq, D = dr/dq_t (objects only) and the multipliers' Jacobian columns at a state "
          "(solvers/driver/LinearizedSystem.h)")
      .def("_SolveDynamic",
           [](MainSystem& self, const py::dict& settingsDict, int solverType) {
             return TimedSolve(settingsDict, [&](const SimulationSettings& settings, SolverObserver& observer) {
               return SolveDynamic(self, settings, &observer, static_cast<DynamicSolverType>(solverType));
             });
           })
      .def("_SolveStatic",
           [](MainSystem& self, const py::dict& settingsDict) {
             return TimedSolve(settingsDict, [&](const SimulationSettings& settings, SolverObserver& observer) {
               return SolveStatic(self, settings, &observer);
             });
           })
      .def("_ToJson", [](const MainSystem& self) { return self.ToJson().dump(1); })
      .def("_LoadJson", [](MainSystem& self, const std::string& text) { self.LoadJsonText(text); });
}
