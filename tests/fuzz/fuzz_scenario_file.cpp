// libFuzzer target: the scenario-file loader (app/scenario_file.h).
#include <cstdio>
#include <cstdlib>

#include "fuzz_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (const std::string bad = inflight::fuzz::check_scenario_json(data, size); !bad.empty()) {
        std::fprintf(stderr, "fuzz_scenario_file: %s\n", bad.c_str());
        std::abort();
    }
    return 0;
}
