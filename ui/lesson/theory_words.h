// The theory overlay's words: the name of a loss law ("Reno √(3/2)/√p",
// "CUBIC RFC 9438 §5") and of the law the prediction follows, the window
// limits named as the hero names a binding limit (limit_words.h). The
// levels themselves are the model's (response_theory.h). Plain C++.
#pragma once

#include <string>

#include "model/analysis/response_theory.h"

namespace inflight::ui {

// "Reno √(3/2)/√p", "CUBIC RFC 9438 §5"; "" for a law that is not a loss law.
std::string loss_law_words(TheoryLaw law);
// What sets the predicted throughput: the loss law's name, or "limited by
// rwnd", "limited by the send buffer", "limited by the link".
std::string theory_binding_words(const TheoryLevels& levels);

}  // namespace inflight::ui
