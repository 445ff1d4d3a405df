// The parameter table: every scenario parameter declared once, in one row —
// its key (scenario files, --json output, error messages), its command-line
// option, what kind of quantity it is and in which unit, its allowed range,
// its default, whether a sweep can take it, its label and help for people,
// and typed access to its field of a Scenario. The command line's option
// reader and --help, the scenario-file reader and writer, the sweep, the
// guided experiments and the window's controls all read these rows instead
// of switching on Param themselves.
//
// Plain English labels and help live here on purpose, although the model
// otherwise holds no text for people beyond validation messages: the
// command line, the files and the window show the same words, and this room
// is the lowest one they all see. Plain C++, no Qt.
//
// Adding a parameter: a field in Scenario, a Param, one row in
// parameters.cpp, then the code that uses the value and its tests.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "model/core/scenario.h"

namespace inflight {

template <class T>
struct Parsed;  // units.h

// What kind of value a parameter holds; it decides how the value is read
// from text, written, checked and shown.
enum class ParamType {
    Choice,  // one of a few names: algo, loss_pattern, aqm
    Switch,  // on or off; the command line has --NAME and --no-NAME
    Rate,    // bit/s
    Time,    // seconds
    Loss,    // a fraction: 0, or within the range
    Window,  // whole bytes, shown as KiB / MiB / GiB
    WindowOrAuto,  // a Window, or "auto" (stored as 0): not set, the stack decides
    Bytes,   // whole bytes, shown as plain bytes
    Count,   // a whole number without a unit
};

// The field of a Scenario a row reads and writes, and a value of it.
using ParamField = std::variant<double Scenario::*, std::uint64_t Scenario::*, std::uint32_t Scenario::*,
                                bool Scenario::*, Algorithm Scenario::*, LossPattern Scenario::*,
                                Aqm Scenario::*, Stack Scenario::*, Detail Scenario::*>;
using ParamValue =
    std::variant<double, std::uint64_t, std::uint32_t, bool, Algorithm, LossPattern, Aqm, Stack, Detail>;

// One name a Choice parameter takes.
struct ParamChoice {
    const char* name;   // as typed and written: "fq_codel"
    int value;          // the enumerator it stands for
    const char* label;  // for people: "tail drop"
    const char* help;   // one sentence for people, or ""
};

struct ParamRow {
    Param param;
    const char* key;           // "loss_pattern": scenario files, --json, errors
    const char* option;        // "loss-pattern": the command line's --loss-pattern
    const char* off_option;    // a Switch's "no-pacing" (overrides a file); otherwise ""
    ParamType type;
    double min, max;           // the allowed range in SI units (Rate: the command line's maximum)
    const char* default_text;  // the default as typed ("80ms"); reads back to Scenario{}'s value
    const char* value_hint;    // "TIME": how --help shows the option's value
    const char* option_help;   // --help; "{range}" and "{default}" are filled in
    const char* off_help;      // --help of the off option
    const char* file_value;    // what a scenario file may give, for wrong-type errors
    const char* label;         // the window's label, '&' before its shortcut letter
    const char* help;          // a sentence or two for people (the window's tooltip)
    int sweep_rank;            // 0: no sweep takes it; 1, 2, ...: its place in the sweep's lists
    bool across;               // a guided step may ask for runs across a range of it
    std::span<const ParamChoice> choices;  // Choice only
    ParamField field;
};

// Every row, in the order of Param (which is the order of --help and files).
std::span<const ParamRow> param_table();
const ParamRow& param_row(Param p);
// The row whose command-line option (or off option) is `option`, without dashes.
const ParamRow* param_row_by_option(std::string_view option);

// Typed access: the value of `p` in `s`, and `s` with it set. set() expects
// the alternative the field holds (get(s, p) tells which).
ParamValue get(const Scenario& s, Param p);
void set(Scenario& s, Param p, const ParamValue& v);

// A numeric parameter as a double in SI units (a Switch as 0 or 1, a Choice
// as its enumerator's value), and set from one; whole-number fields round to
// the nearest (negative: 0).
double number(const Scenario& s, Param p);
void set_number(Scenario& s, Param p, double x);
// A Switch's state.
bool is_on(const Scenario& s, Param p);
// A Choice's name ("cubic"), and its entry in the row's choices.
const char* choice_name(const Scenario& s, Param p);

// Sets parameter `p` of `s` from `text` and checks its range. On failure
// returns a one-line error that calls the parameter `name` ("--rtt", "rtt")
// and leaves `s` unchanged.
std::optional<std::string> set_param_from_text(Scenario& s, Param p, std::string_view text,
                                               std::string_view name,
                                               double max_bandwidth_bps = Limits::max_bandwidth_bps_cli);

// A numeric parameter's value read from text in its own unit, unchecked
// (a sweep's --from and --to). A Window's whole bytes come back as a double.
Parsed<double> parse_param_number(Param p, std::string_view text, std::string_view name);

// The value in SI base units, exactly (shortest text that reads back to the
// same double): "100000000", "0.08", "cubic", "on".
std::string param_exact_text(const Scenario& s, Param p);
// The value for people: "100 Mbit/s", "80 ms", "0.01%" (loss 0: "none"), "64 KiB", "on".
std::string param_human_text(const Scenario& s, Param p);
// A numeric value of `p` for people, as param_human_text but 0 loss is "0%".
std::string param_human_number(Param p, double si);

// The shortest decimal text that reads back to exactly `x` ("0.08").
std::string exact_number(double x);

// The unit of a parameter's SI value (for CSV headers): "bit/s", "s",
// "fraction", "bytes", or "" (names, switches, the seed).
const char* param_unit(Param p);

// A label without its shortcut marker: "Base RTT".
std::string plain_label(Param p);

}  // namespace inflight
