// Exporting an A/B comparison: both runs' traces in one CSV with a `run`
// column (A or B), and one PNG of the dashboard (A drawn faded under B) with
// the compare table beneath it. Files are written atomically (atomic_write.h).
// A kernel run is a third run in both: rows with run = kernel
// after the engine's facts, and its overlay and columns in the image.
#pragma once

#include <QImage>
#include <QString>
#include <optional>
#include <string>

#include "app/kernel/kernel_run.h"
#include "model/core/result.h"

class QWidget;

namespace inflight::ui {

// '#' lines for the file, then for each run its provenance and steady-state
// figures; one header row `run,` + the trace CSV's columns; A's rows, then
// B's. Built from the trace CSV writer (csv_export.h), so the columns are
// exactly those of File ▸ Export trace CSV.
std::string compare_csv(const RunResult& a, const RunResult& b);

// The kernel's run and what the engine says about it.
struct KernelCsvRun {
    const RunResult* result;
    kernel::KernelFacts facts;
};
// The same with any of: A (null: none pinned), B, the kernel run (rows
// `kernel`, after '#' lines of the kernel release, MSS, pacing and the
// emulator's honesty).
std::string compare_csv(const RunResult* a, const RunResult& b, const std::optional<KernelCsvRun>& kernel);

// `top` above `bottom`, both at `scale`, on the window colour.
QImage stacked_image(QWidget* top, QWidget* bottom, double scale);

std::optional<QString> save_compare_csv(const RunResult& a, const RunResult& b, const QString& path);
std::optional<QString> save_compare_csv(const RunResult* a, const RunResult& b, const std::optional<KernelCsvRun>& kernel,
                                        const QString& path);
std::optional<QString> save_compare_png(QWidget* dashboard, QWidget* table, const QString& path, double scale);

}  // namespace inflight::ui
