// The option table: what an option of a subcommand is (its name, what kind
// of thing it sets, how its value looks, its help), and the options of
// `inflight run`, which every subcommand that runs a scenario shares
// (`inflight sweep` reads them from here). The scenario parameters' options
// are made from the parameter table (parameters.h), so each option, its help,
// range and default are declared once, beside the check that refuses it.
#pragma once

#include <span>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/scenario.h"

namespace inflight::cli {

enum class Kind {
    Value,      // --rtt 80ms: a scenario parameter with a value
    SwitchOn,   // --pacing (or --pacing=off): a Switch parameter on
    SwitchOff,  // --no-pacing: a Switch parameter off, to override a scenario file
    Scenario,   // --scenario FILE
    Flow,       // --flow SPEC (repeatable): one flow sharing the path (flow_options.h)
    Parallel,   // --parallel N: N identical bulk flows
    Json,       // --json
    Output,     // --csv FILE and friends
    Figure,     // --size WxH: how --png/--svg draw (figure_options.h)
    FigureSwitch,  // --presentation: the same, without a value
    Help,       // --help
    Setting,    // a subcommand's own setting with a value: sweep's --param, --from, ...
    Refused,    // known, but not an option of this subcommand: `help` says why
};

// Whether the option is followed by a value (--rtt 80ms or --rtt=80ms).
bool takes_value(Kind kind);
// Whether the option sets the run's scenario (and so goes to scenario_options.h).
bool sets_scenario(Kind kind);

struct Option {
    const char* name;   // without the leading dashes
    Kind kind;
    Param param;        // for Value / SwitchOn / SwitchOff
    const char* value;  // how the value looks, for help and "missing value"
    const char* help;   // "{range}" stands for help_range(param), "{default}" for its default
};

// The options of `inflight run`, in the order of --help.
std::span<const Option> run_options();

// The first option in `options` called `name`, or nullptr.
const Option* find_option(std::span<const Option> options, std::string_view name);

// allowed_range(p) as one types it on the command line: "1Mbps - 100Gbps",
// "1ms - 1000ms", "0.0001% - 10%" (the 0 of loss is "none"), "16KiB - 1GiB",
// "500 - 9000" (plain numbers are bytes).
std::string help_range(Param p);

// The option's help with its range filled in.
std::string option_help(const Option& option);

// "  --rtt TIME              base round-trip time, ..." : one option's help
// line(s), the text starting at column 26 (on the next line if the left part
// is too wide), filled to kHelpWidth columns, its further lines indented to
// column 26.
std::string help_lines(const Option& option);
inline constexpr std::size_t kHelpWidth = 100;

// `text`'s words filled greedily into lines of at most `width` columns (a
// longer word alone on its line; "default" or "(default" and the word after
// it are kept together); every line ends in "\n".
std::string fill_words(std::string_view text, std::size_t width);

// Whether `text` ends in `end` (lower case), whatever the case of `text`.
bool ends_with(std::string_view text, std::string_view end);
// Whether two names lead to one file: the same path once made absolute with
// ".", ".." and symbolic links resolved (as far as the path exists), or two
// names (hard links) of one existing file. "a.csv", "./a.csv" and
// "../out/a.csv" from out/ are one file.
bool same_file(const std::string& a, const std::string& b);
// The first two of `files` (option, path; empty paths skipped) that are one
// file, as "--events: './a.csv' is already the file for --csv; use another
// name"; nothing when all differ. An input among them (the file a command
// reads) is named as such: writing there would destroy what was read.
struct NamedFile {
    std::string option;  // "--csv"
    const std::string* path;
    bool input = false;
};
std::optional<std::string> same_file_error(const std::vector<NamedFile>& files);
// A picture's file name against the option that writes it. The format
// follows the name (".svg": SVG, any other: PNG), so a name that says the
// other format ("--svg d4", "--png d.svg") would be written in the wrong
// one: refused in one line.
std::optional<std::string> picture_name_error(std::string_view option, const std::string& file);
// "-" for a text output (--csv, --events, --transactions) is standard
// output, as in most Unix tools: its text goes there in place of the
// summary, so `inflight run --csv - | sort` reads the trace alone.
bool is_standard_output(std::string_view path);
// An output option's value read: "-" where `text` (standard output), else
// a file this process can write (check_output_path). One line on refusal:
// "--png: '-' (standard output) takes text, not this file; give a file name".
std::optional<std::string> output_path_error(std::string_view option, const std::string& path, bool text);
// At most one of `outputs` on standard output, and none beside --json
// (its object goes there): "--events: '-' (standard output) is already
// --csv's; give one of them a file".
std::optional<std::string> standard_output_error(const std::vector<NamedFile>& outputs, bool json);

}  // namespace inflight::cli
