// Every input the fuzzers were seeded with (corpus/<target>/) and every
// input they found a problem with (regressions/<target>/, kept after the
// fix) goes through the fuzzers' own checks: a clean error or a valid,
// round-tripping result, never a crash or a sanitizer report.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_checks.h"
#include "app/formats/scenario_file.h"

namespace fs = std::filesystem;
using inflight::fuzz::check_experiment;
using inflight::fuzz::check_scenario_json;
using inflight::fuzz::check_units;

namespace {

using Check = std::string (*)(const std::uint8_t*, std::size_t);

std::vector<fs::path> files_in(const std::string& kind, const std::string& target) {
    std::vector<fs::path> out;
    const fs::path dir = fs::path(INFLIGHT_FUZZ_DIR) / kind / target;
    if (!fs::is_directory(dir)) return out;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.is_regular_file() && e.path().filename().string().front() != '.') out.push_back(e.path());
    return out;
}

std::string read_all(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Returns how many files were checked.
std::size_t check_all(const std::string& kind, const std::string& target, Check check) {
    const auto files = files_in(kind, target);
    for (const auto& f : files) {
        const std::string bytes = read_all(f);
        EXPECT_EQ(check(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), "")
            << "input " << f;
    }
    return files.size();
}

}  // namespace

TEST(FuzzCorpus, ScenarioFileSeedsLoadOrFailCleanly) {
    EXPECT_GE(check_all("corpus", "scenario_file", check_scenario_json), 5u);
}
TEST(FuzzCorpus, UnitSeedsParseOrFailCleanly) {
    EXPECT_GE(check_all("corpus", "units", check_units), 5u);
}
TEST(FuzzRegressions, ScenarioFileInputsFailCleanly) {
    EXPECT_GE(check_all("regressions", "scenario_file", check_scenario_json), 1u);
}
TEST(FuzzRegressions, UnitInputsFailCleanly) {
    EXPECT_GE(check_all("regressions", "units", check_units), 1u);
}

#ifdef INFLIGHT_FUZZ_HAVE_EXPERIMENTS
TEST(FuzzCorpus, ExperimentSeedsLoadOrFailCleanly) {
    EXPECT_GE(check_all("corpus", "experiment_file", check_experiment), 3u);
}
TEST(FuzzRegressions, ExperimentInputsFailCleanly) {
    EXPECT_GE(check_all("regressions", "experiment_file", check_experiment), 1u);
}
#endif

// A newline inside a JSON string used to reach the error message as is,
// splitting the command line's one-line error; it is now written as \n.
TEST(FuzzRegressions, ANewlineInAValueIsEscapedInTheError) {
    const std::string json = "{\"algo\": \"re\\nno\"}";
    EXPECT_EQ(check_scenario_json(reinterpret_cast<const std::uint8_t*>(json.data()), json.size()), "");
    inflight::Scenario s;
    const auto err = inflight::scenario_from_json(QByteArray::fromStdString(json), "f.json", s);
    ASSERT_TRUE(err.has_value());
    EXPECT_EQ(*err, "f.json: algo: 're\\nno' is not allowed; use one of reno, cubic, bbr");
}
