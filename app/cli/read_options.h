// Reading a subcommand's arguments against its option table, the same way
// for every subcommand: "--name value" or "--name=value", values may start
// with '-' ("--rtt -5ms" must say "negative", not "unknown option -5ms"),
// -h and --help stop at once, and every mistake is one line.
//
// Hand-rolled rather than QCommandLineParser: every error names the option,
// the value and what is allowed, and it needs no QCoreApplication (the window
// creates its own).
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli/options.h"

namespace inflight::cli {

enum class ParseResult { Ok, Help, Error };

// An option and the value it was given, in command-line order.
struct Given {
    const Option* option;
    std::string value;
    bool has_value;
};

// What a subcommand's arguments are read against.
struct Grammar {
    std::string_view command;                // "run": named in "(see inflight run --help)"
    std::vector<const Option*> options;      // looked up in this order, the first match wins
    std::vector<std::string_view> suggest;   // names "did you mean" may offer, preferred first
    std::string_view where;                  // "" or " for sweep", after "unknown option '...'"
    // The line for an option given without its value.
    std::function<std::string(const Option&)> missing_value;
};

// Calls on_option for each option in order; the first error it returns
// stops the reading. Returns Help at -h/--help, Error with *error set, or Ok.
ParseResult read_options(const std::vector<std::string>& args, const Grammar& grammar,
                         const std::function<std::optional<std::string>(Given)>& on_option,
                         std::string* error);

}  // namespace inflight::cli
