// What a step's "Set it" will change in the controls as they are now: every
// parameter whose value differs, old → new ("loss 0.01% → none", "send
// buffer 64 KiB → 1 GiB"). "Set it" puts the whole scenario in place — the
// step's values and the defaults for the rest — so a hand-written "Set:"
// line that names only the step's own values hides what a student set
// earlier and is about to lose; this list is computed, so it never omits one.
// Widget-free (Qt Core for the translations, context "SetChanges").
#pragma once

#include <QStringList>

#include "model/core/scenario.h"

namespace inflight::ui {

// One "name old → new" per parameter that differs, in the controls' order
// (the stack beside the algorithm; the Linux details and SO_RCVBUF last), each
// value in the controls' words ("tail drop", "as the stack", "not set");
// flows as their count ("flows 3 → 1"). Empty when nothing would change.
QStringList set_changes(const Scenario& now, const Scenario& step);

}  // namespace inflight::ui
