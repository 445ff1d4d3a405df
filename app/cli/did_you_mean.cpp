// The unknown-option helper (did_you_mean.h): edit distance and the one-line
// refusal with its suggestion.
#include "app/cli/did_you_mean.h"

#include <algorithm>
#include <vector>

namespace inflight::cli {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string_view nearest(std::string_view name, std::span<const std::string_view> candidates) {
    std::string_view best;
    std::size_t best_distance = 3;  // suggest only near misses
    for (std::string_view c : candidates) {
        const std::size_t d = edit_distance(name, c);
        if (d < best_distance) {
            best_distance = d;
            best = c;
        }
    }
    return best;
}

std::string unknown_option(std::string_view given, std::span<const std::string_view> candidates,
                           std::string_view command, std::string_view where) {
    std::string_view name = given;
    name.remove_prefix(std::min(name.find_first_not_of('-'), name.size()));
    name = name.substr(0, name.find('='));
    std::string msg = "unknown option '" + std::string(given) + "'" + std::string(where);
    if (const std::string_view best = nearest(name, candidates); !best.empty())
        msg += "; did you mean --" + std::string(best) + "?";
    return msg + " (see inflight " + std::string(command) + " --help)";
}

}  // namespace inflight::cli
