// "unknown option '--rttt'; did you mean --rtt?": the one helper every
// subcommand uses to refuse an option it does not know and to suggest the
// nearest one it does.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace inflight::cli {

// Levenshtein distance: the fewest single-character insertions, deletions
// and substitutions that turn `a` into `b`.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `name`, if it is a near miss (fewer than three
// edits away); the first such candidate on a tie; empty when none is near.
std::string_view nearest(std::string_view name, std::span<const std::string_view> candidates);

// The one-line refusal of `given` (an argument as typed, e.g. "--rttt=8"):
//   unknown option '<given>'<where>; did you mean --<nearest>? (see inflight <command> --help)
// The suggestion compares the name without its dashes and without "=value".
// `where` is "" or e.g. " for sweep".
std::string unknown_option(std::string_view given, std::span<const std::string_view> candidates,
                           std::string_view command, std::string_view where);

}  // namespace inflight::cli
