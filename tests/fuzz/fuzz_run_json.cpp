// Fuzz target: a Run JSON file, as load_run reads it (parse_run is load_run without the file).
// Promises checked on every input: no crash or exception; a refusal says where it came from; and
// a Run that loads saves and loads again to the very same text (nothing read is lost or changed
// by a second round trip), as `cudalab run --json` and the GUI's open rely on.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "cudalab/run.h"
#include "fuzz_check.h"

using nlohmann::json;

namespace {

std::string written(const cudalab::Run& run) {
  // What save_run writes, without the file.
  return to_json(run).dump(2, ' ', false, json::error_handler_t::replace);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  cudalab::Run run;
  const cudalab::Status status = parse_run(text, "run.json", &run);
  if (!status.ok()) {
    FUZZ_CHECK(status.code == cudalab::StatusCode::invalid_argument);
    FUZZ_CHECK(status.message.rfind("run.json", 0) == 0);
    return 0;
  }
  const std::string first = written(run);
  cudalab::Run again;
  const cudalab::Status reread = parse_run(first, "saved.json", &again);
  if (!reread.ok()) std::fprintf(stderr, "%s\n", reread.message.c_str());
  FUZZ_CHECK(reread.ok());
  FUZZ_CHECK(written(again) == first);
  return 0;
}
