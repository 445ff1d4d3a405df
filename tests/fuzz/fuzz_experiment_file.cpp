// libFuzzer target: the guided-experiment loader (ui/experiment_file.h).
#include <cstdio>
#include <cstdlib>

#include "fuzz_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (const std::string bad = inflight::fuzz::check_experiment(data, size); !bad.empty()) {
        std::fprintf(stderr, "fuzz_experiment_file: %s\n", bad.c_str());
        std::abort();
    }
    return 0;
}
