// The QApplication that offscreen rendering needs (`inflight run --png`,
// `inflight sweep --png`): made here when none exists, refused when a
// non-GUI QCoreApplication already runs.
#pragma once

#include <QApplication>
#include <memory>
#include <string>

namespace inflight::ui {

// On success `*ok` is true and the result owns the application it made (or is
// empty when one already existed); on failure `*error` says why, naming `what`.
std::unique_ptr<QApplication> ensure_gui_application(const char* what, std::string* error, bool* ok);

}  // namespace inflight::ui
