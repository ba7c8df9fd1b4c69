// libFuzzer target of the C++ JSON loader (MainSystem::LoadJsonText, what mbs.Load uses):
// any text must either load (and then assemble or be refused with a multidyn error, and save
// and load again to the same file) or be refused with ValueError/TypeError/IndexError leaving
// the system exactly as it was. Any other exception escapes and libFuzzer reports it; memory
// errors and undefined behaviour are caught by AddressSanitizer and UBSan. Built and run by
// scripts/fuzz.sh (clang, -fsanitize=fuzzer,address,undefined).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/foundation/Errors.h"
#include "core/items/ItemRegistry.h"
#include "core/model/MainSystem.h"
#include "objects/ItemList.h"

using namespace multidyn;

namespace {

// A valid system the file replaces: a body on a revolute joint with a spring and a torque.
void Baseline(MainSystem& system) {
  system.LoadJsonText(R"({"format": "multidyn.system", "version": 1,
    "nodes": [{"nodeType": "RigidBodyRxyz"}],
    "objects": [{"objectType": "Ground"}, {"objectType": "RigidBody", "nodeNumber": 0},
                {"objectType": "JointRevoluteZ", "markerNumbers": [1, 0]},
                {"objectType": "ConnectorTorsionalSpringDamper", "markerNumbers": [1, 0], "stiffness": 2000.0}],
    "markers": [{"markerType": "NodeRigid", "nodeNumber": 0}, {"markerType": "BodyRigid", "bodyNumber": 0}],
    "loads": [{"loadType": "TorqueVector", "markerNumber": 0, "loadVector": [0, 0, 1]}]})");
  system.Assemble();
}

void Require(bool condition, const char* what) {
  if (!condition) {
    std::fprintf(stderr, "LoadJsonFuzzer: %s\n", what);
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const bool registered = (RegisterAllItems(), true);
  (void)registered;
  MainSystem system;
  Baseline(system);
  const std::string before = system.ToJson().dump();
  const std::string text(reinterpret_cast<const char*>(data), size);
  bool loaded = false;
  try {
    system.LoadJsonText(text);
    loaded = true;
  } catch (const ValueError&) {
  } catch (const TypeError&) {
  } catch (const IndexError&) {
  }
  if (!loaded) {
    Require(system.ToJson().dump() == before, "a file that could not be loaded changed the system");
    Require(system.IsAssembled(), "a file that could not be loaded un-assembled the system");
    return 0;
  }
  try {
    system.Assemble();
  } catch (const ValueError&) {
  } catch (const TypeError&) {
  } catch (const IndexError&) {
  }
  // What was loaded saves and loads again to the same file.
  const std::string saved = system.ToJson().dump();
  MainSystem again;
  again.LoadJsonText(saved);
  Require(again.ToJson().dump() == saved, "a loaded system does not survive a save and load");
  return 0;
}
