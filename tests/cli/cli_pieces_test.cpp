// The pieces every subcommand shares: the unknown-option helper
// (did_you_mean.h), the option table and its help lines (options.h), and
// the subcommand table (commands.h). Expected values come from arithmetic
// and from the ranges the README's option table states, not from the code
// under test.
#include <gtest/gtest.h>

#include <array>
#include <set>

#include "app/cli/commands.h"
#include "app/cli/did_you_mean.h"
#include "app/cli/help.h"
#include "app/cli/capture_command.h"
#include "app/cli/kernel_command.h"
#include "app/cli/options.h"
#include "app/cli/sweep_command.h"
#include "model/core/units.h"

using namespace inflight;
using namespace inflight::cli;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// "A - B" (the help) or "A – B" (allowed_range) split at the dash.
std::pair<std::string, std::string> ends(std::string range) {
    if (const auto at = range.find(" or "); at != std::string::npos) range.erase(0, at + 4);
    range = range.substr(0, range.find(" ("));
    for (const std::string dash : {" - ", " \xe2\x80\x93 "})
        if (const auto at = range.find(dash); at != std::string::npos)
            return {range.substr(0, at), range.substr(at + dash.size())};
    ADD_FAILURE() << "no range in '" << range << "'";
    return {};
}

// A range end in SI units, parsed as the command line parses its values.
double value_of(Param p, const std::string& text) {
    switch (p) {
        case Param::Bandwidth: return parse_rate_bps(text, "x").value;
        case Param::Rtt:
        case Param::Buffer:
        case Param::Duration: return parse_time_s(text, "x").value;
        case Param::Loss: return parse_loss_fraction(text, "x").value;
        default: return static_cast<double>(parse_size_bytes(text, "x").value);
    }
}

struct Range {
    Param param;
    const char* help;  // as today's --help prints it
    double lo, hi;     // the README's option table
};
constexpr Range kRanges[] = {
    {Param::Bandwidth, "1Mbps - 100Gbps", 1e6, 100e9},
    {Param::Rtt, "1ms - 1000ms", 0.001, 1.0},
    {Param::Loss, "0.0001% - 10%", 1e-6, 0.1},
    {Param::Rwnd, "16KiB - 1GiB", 16384, 1073741824},
    {Param::Sndbuf, "16KiB - 1GiB", 16384, 1073741824},
    {Param::Buffer, "1ms - 1000ms", 0.001, 1.0},
    {Param::Mss, "500 - 9000", 500, 9000},
    {Param::Duration, "1s - 600s", 1, 600},
    {Param::Rcvbuf, "16KiB - 1GiB", 16384, 1073741824},
};

}  // namespace

TEST(DidYouMean, EditDistanceCountsInsertionsDeletionsAndSubstitutions) {
    EXPECT_EQ(edit_distance("rtt", "rtt"), 0u);
    EXPECT_EQ(edit_distance("rttt", "rtt"), 1u);        // one deletion
    EXPECT_EQ(edit_distance("bandwith", "bandwidth"), 1u);  // one insertion
    EXPECT_EQ(edit_distance("pionts", "points"), 2u);   // two substitutions
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);  // the textbook example
    EXPECT_EQ(edit_distance("", "abc"), 3u);
    EXPECT_EQ(edit_distance("abc", ""), 3u);
}

TEST(DidYouMean, SuggestsOnlyNearMissesAndTheFirstOnATie) {
    const std::array<std::string_view, 4> names = {"rtt", "loss", "mss", "seed"};
    EXPECT_EQ(nearest("rttt", names), "rtt");
    EXPECT_EQ(nearest("los", names), "loss");
    EXPECT_EQ(nearest("frobnicate", names), "");
    EXPECT_EQ(nearest("lossyy", names), "loss");  // two edits: near
    EXPECT_EQ(nearest("lossyyy", names), "");   // three edits: too far
    EXPECT_EQ(nearest("ms", names), "mss");   // "rtt" 3, "loss" 3, "mss" 1
    // "mtt": "rtt" 1, "mss" 2 -> rtt; "xss": "mss" 1, "loss" 2 -> mss.
    EXPECT_EQ(nearest("mtt", names), "rtt");
    EXPECT_EQ(nearest("xss", names), "mss");
    // A tie (one edit from both): the first candidate wins.
    const std::array<std::string_view, 2> tie = {"abc", "abd"};
    EXPECT_EQ(nearest("ab", tie), "abc");
}

TEST(DidYouMean, UnknownOptionLine) {
    const std::array<std::string_view, 2> names = {"rtt", "points"};
    EXPECT_EQ(unknown_option("--rttt=80ms", names, "run", ""),
              "unknown option '--rttt=80ms'; did you mean --rtt? (see inflight run --help)");
    EXPECT_EQ(unknown_option("-pionts", names, "sweep", " for sweep"),
              "unknown option '-pionts' for sweep; did you mean --points? (see inflight sweep --help)");
    EXPECT_EQ(unknown_option("--frobnicate", names, "run", ""),
              "unknown option '--frobnicate' (see inflight run --help)");
    EXPECT_EQ(unknown_option("--", names, "run", ""), "unknown option '--' (see inflight run --help)");
}

TEST(OptionTable, HelpRangesAreAllowedRangesAsTyped) {
    for (const Range& r : kRanges) {
        SCOPED_TRACE(key(r.param));
        EXPECT_EQ(help_range(r.param), r.help);
        // Both ends of the help's range and of allowed_range() are the README's.
        const auto [help_lo, help_hi] = ends(help_range(r.param));
        const auto [allowed_lo, allowed_hi] = ends(allowed_range(r.param));
        EXPECT_DOUBLE_EQ(value_of(r.param, help_lo), r.lo);
        EXPECT_DOUBLE_EQ(value_of(r.param, help_hi), r.hi);
        EXPECT_DOUBLE_EQ(value_of(r.param, allowed_lo), r.lo);
        EXPECT_DOUBLE_EQ(value_of(r.param, allowed_hi), r.hi);
    }
}

TEST(OptionTable, EveryRangedOptionShowsItsRangeInTheHelp) {
    std::set<Param> ranged;
    for (const Range& r : kRanges) ranged.insert(r.param);
    const std::string help = help_text();
    for (const Option& o : run_options()) {
        const bool has_range = contains(o.help, "{range}");
        EXPECT_EQ(has_range, o.kind == Kind::Value && ranged.count(o.param) == 1) << o.name;
        if (has_range) {
            EXPECT_FALSE(contains(option_help(o), "{range}")) << o.name;
            EXPECT_TRUE(contains(help, help_range(o.param))) << o.name;
        }
    }
    EXPECT_TRUE(contains(help, "\n  --rtt TIME              base round-trip time, 1ms - 1000ms (default 80ms)\n"));
    EXPECT_TRUE(contains(help, "\n  --loss-pattern even|random\n                          evenly spaced"));
}

// Every help fits a terminal of 100 columns: its lines are at most that wide
// (a long option's text continues on lines indented to its column), and an
// option's words are all there, in order, however they were filled.
TEST(OptionTable, EveryHelpLineFitsAHundredColumns) {
    for (const std::string& help : {help_text(), kernel_help_text(), sweep_help_text(), capture_help_text()}) {
        std::size_t at = 0, lines = 0;
        while (at < help.size()) {
            const std::size_t end = std::min(help.find('\n', at), help.size());
            EXPECT_LE(end - at, kHelpWidth) << help.substr(at, end - at);
            at = end + 1;
            ++lines;
        }
        EXPECT_GT(lines, 10u);
    }
    const Option* loss = find_option(run_options(), "loss");
    ASSERT_NE(loss, nullptr);
    const std::string lines = help_lines(*loss);
    EXPECT_EQ(lines.substr(0, 26), "  --loss LOSS             ");
    EXPECT_NE(lines.find("\n" + std::string(26, ' ')), std::string::npos) << lines;  // wider than 100: two lines
    std::string words;
    for (char c : lines) words += c == '\n' ? ' ' : c;
    std::string squeezed;
    for (char c : words)
        if (!(c == ' ' && !squeezed.empty() && squeezed.back() == ' ')) squeezed += c;
    EXPECT_NE(squeezed.find(option_help(*loss)), std::string::npos) << squeezed;
    EXPECT_NE(lines.find("default none)"), std::string::npos) << lines;  // kept together
    EXPECT_EQ(fill_words("aa bb cc", 5), "aa bb\ncc\n");
    EXPECT_EQ(fill_words("a-very-long-word b", 4), "a-very-long-word\nb\n");
}

TEST(OptionTable, NamesAreUniqueAndRunsScenarioParametersAreAllThere) {
    std::set<std::string> names;
    std::set<Param> params;
    for (const Option& o : run_options()) {
        EXPECT_TRUE(names.insert(o.name).second) << o.name;
        EXPECT_EQ(find_option(run_options(), o.name), &o);
        if (sets_scenario(o.kind)) params.insert(o.param);
        // The value-taking kinds say how their value looks; a switch shows
        // its optional value in brackets ("--pacing [on|off|auto]").
        const std::string hint = o.value;
        if (o.kind == Kind::SwitchOn && !hint.empty())
            EXPECT_TRUE(hint.front() == '[' && hint.back() == ']') << o.name;
        else
            EXPECT_EQ(takes_value(o.kind), !hint.empty()) << o.name;
    }
    EXPECT_EQ(params.size(), kAllParams.size());  // every parameter has an option
    EXPECT_EQ(find_option(run_options(), "frobnicate"), nullptr);
}

TEST(Subcommands, TableHoldsRunSweepKernelAndCaptureAndTheHelpListsThem) {
    ASSERT_EQ(subcommands().size(), 4u);
    EXPECT_STREQ(subcommands()[0].name, "run");
    EXPECT_STREQ(subcommands()[1].name, "sweep");
    EXPECT_STREQ(subcommands()[2].name, "kernel");
    EXPECT_EQ(find_subcommand("sweep"), &subcommands()[1]);
    EXPECT_EQ(find_subcommand("kernel"), &subcommands()[2]);
    EXPECT_STREQ(subcommands()[3].name, "capture");
    EXPECT_EQ(find_subcommand("capture"), &subcommands()[3]);
    EXPECT_EQ(find_subcommand("walk"), nullptr);
    const std::string help = help_text();
    EXPECT_TRUE(contains(help, "\n  inflight run [options]    simulate without a window and print a summary\n"));
    EXPECT_TRUE(contains(help, "\n  inflight sweep [options]  run a response curve over one parameter (sweep --help)\n"));
    EXPECT_TRUE(contains(help, "\n  inflight kernel [options] run on this machine's Linux TCP stack, as root (kernel --help)\n"));
    EXPECT_TRUE(contains(help, "\n  inflight capture FILE     measure a TCP stream of a packet capture as a run (capture --help)\n"));
    EXPECT_TRUE(contains(help, "\n  inflight                  open the window\n"));
}
