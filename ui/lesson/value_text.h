// Values as a control shows them and reads them back when typed. Formatting
// and parsing are the model's units (model/units.h, shared with the command
// line); the only UI twist is that a bare number is read in the unit the
// control displays ("50" in the bandwidth box means 50 Mbit/s). Plain C++.
#pragma once

#include <optional>
#include <string>

namespace inflight::ui {

enum class Quantity {
    RateBps,       // a bare number is Mbit/s
    TimeMs,        // a bare number is ms
    TimeS,         // a bare number is s
    LossFraction,  // a bare number is %, "none" is 0
    Bytes,         // a bare number is bytes
};

std::string format_value(Quantity q, double v);
// nullopt with *error set when the text is not a value of this quantity
// (the range is not checked here).
std::optional<double> parse_value(Quantity q, const std::string& text, std::string* error = nullptr);

}  // namespace inflight::ui
