// A key given twice in one JSON object. RFC 8259 §4 says the names within
// an object SHOULD be unique and leaves what a reader does with a repeat to
// the reader; Qt keeps the last one silently, so {"rtt": "80ms", "rtt":
// "5ms"} ran at 5 ms without a word. Scenario files refuse a repeat
// instead. The text is scanned after it has parsed as JSON; keys are
// compared as written (a key spelled with escapes is another spelling).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace inflight {

struct DuplicateKey {
    std::string key;      // as written, without its quotes
    std::size_t line = 1; // of the second one, from 1
};

// The first key that repeats one of its object's, in text order; nothing
// when every object's keys are distinct. `json` must be valid JSON.
std::optional<DuplicateKey> first_duplicate_key(std::string_view json);

}  // namespace inflight
