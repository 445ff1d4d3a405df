#include "app/formats/json_duplicates.h"

#include <set>
#include <vector>

namespace inflight {

std::optional<DuplicateKey> first_duplicate_key(std::string_view json) {
    // One set of keys per open object; arrays push nothing (their strings are values).
    std::vector<std::set<std::string_view>> objects;
    std::vector<bool> in_object;  // per open bracket: an object, not an array
    std::size_t line = 1;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (c == '\n') ++line;
        else if (c == '{') {
            in_object.push_back(true);
            objects.emplace_back();
        } else if (c == '[') {
            in_object.push_back(false);
        } else if (c == '}' || c == ']') {
            if (!in_object.empty() && in_object.back()) objects.pop_back();
            if (!in_object.empty()) in_object.pop_back();
        } else if (c == '"') {
            const std::size_t start = i + 1;
            std::size_t end = start;
            while (end < json.size() && json[end] != '"') end += json[end] == '\\' ? 2 : 1;
            if (end >= json.size()) return std::nullopt;  // not valid JSON: not ours to judge
            const std::string_view text = json.substr(start, end - start);
            i = end;
            // A key: a string in an object followed by ':' (after white space).
            std::size_t next = end + 1;
            while (next < json.size() && (json[next] == ' ' || json[next] == '\t' || json[next] == '\r' || json[next] == '\n'))
                ++next;
            if (next < json.size() && json[next] == ':' && !in_object.empty() && in_object.back()) {
                if (!objects.back().insert(text).second) return DuplicateKey{std::string(text), line};
            }
        }
    }
    return std::nullopt;
}

}  // namespace inflight
