// The theory overlay's words (theory_words.h).
#include "ui/lesson/theory_words.h"

#include "app/formats/limit_words.h"

namespace inflight::ui {

std::string loss_law_words(TheoryLaw law) {
    switch (law) {
    case TheoryLaw::Mathis: return "Reno √(3/2)/√p";
    case TheoryLaw::Rfc9438: return "CUBIC RFC 9438 §5";
    default: return {};
    }
}

std::string theory_binding_words(const TheoryLevels& t) {
    switch (t.binding) {
    case TheoryLaw::Mathis:
    case TheoryLaw::Rfc9438: return loss_law_words(t.binding);
    case TheoryLaw::Rwnd:
        return limit_words(Limit::Rwnd, nullptr) + (t.rwnd_source == WindowSource::SoRcvbuf     ? " (SO_RCVBUF)"
                                                    : t.rwnd_source == WindowSource::Autotuning ? " (autotuning)"
                                                                                                : "");
    case TheoryLaw::Sndbuf: return limit_words(Limit::Sndbuf, nullptr);
    case TheoryLaw::Link:
    case TheoryLaw::None: break;
    }
    return limit_words(Limit::Link, nullptr);
}

}  // namespace inflight::ui
