#include "ui/compare/compare_export.h"

#include <QPainter>
#include <QWidget>
#include <sstream>

#include "app/formats/csv_export.h"
#include "ui/export/exporter.h"
#include "app/formats/scenario_text.h"

namespace inflight::ui {

namespace {

struct CsvParts {
    std::string comments, header, rows;
};

// Splits the trace CSV into its '#' lines, its header row and its data rows.
CsvParts split_csv(const std::string& csv) {
    CsvParts p;
    std::istringstream in(csv);
    std::string line;
    while (std::getline(in, line)) {
        if (line.starts_with('#')) p.comments += line + "\n";
        else if (p.header.empty()) p.header = line;
        else p.rows += line + "\n";
    }
    return p;
}

std::string prefixed_rows(const std::string& rows, const char* run) {
    std::string out;
    std::istringstream in(rows);
    std::string line;
    while (std::getline(in, line)) out += std::string(run) + "," + line + "\n";
    return out;
}

std::string figures_comment(const char* run, const Summary& s) {
    return std::string("# ") + run + " steady state: throughput_bps = " + exact_number(s.throughput_bps) +
           ", utilisation = " + exact_number(s.utilisation) + ", mean_rtt_s = " + exact_number(s.mean_rtt_s) +
           ", drops = " + std::to_string(s.drops_tail + s.drops_aqm + s.drops_random) +
           ", congestion_events = " + std::to_string(s.congestion_events) +
           ", retransmits = " + std::to_string(s.retransmits) + "\n";
}

std::string facts_comment(const kernel::KernelFacts& f) {
    std::string out = "# kernel: Linux " + f.kernel_release + " (" + f.kernel_version + "), congestion control " +
                      f.congestion_control + ", MTU " + std::to_string(f.mtu_bytes) + " B, MSS " +
                      std::to_string(f.mss_bytes) + " B, window scaling " + (f.window_scaling ? "on" : "off") +
                      ", pacing: " + f.pacing + "\n";
    out += "# kernel: path emulator p99 write lateness " + exact_number(f.data_direction.p99_late_s) + " s (" +
           (f.honest ? "honest" : "NOT honest: it fell behind") + "), rate limit " +
           exact_number(f.honest_rate_limit_bps) + " bit/s\n";
    if (f.cpu_wait_s)
        out += "# kernel: tasks waited for a CPU " + exact_number(*f.cpu_wait_s) + " s, " +
               exact_number(f.cpu_wait_share) + " of the run (" + (f.machine_busy ? "busy" : "quiet") + ")\n";
    for (const std::string& a : f.absent) out += "# kernel: absent or different in kind: " + a + "\n";
    return out;
}

}  // namespace

std::string compare_csv(const RunResult& a, const RunResult& b) { return compare_csv(&a, b, std::nullopt); }

std::string compare_csv(const RunResult* a, const RunResult& b, const std::optional<KernelCsvRun>& kernel) {
    const CsvParts pb = split_csv(trace_csv(b));
    std::string out = "# Inflight " + std::string(INFLIGHT_VERSION) +
                      ": A/B comparison; the column `run` says which run a row belongs to (";
    if (a) out += "A = the pinned ghost, ";
    out += "B = the current run";
    if (kernel) out += ", kernel = the same scenario measured on this computer's Linux TCP stack";
    out += ")\n";
    std::string rows;
    if (a) {
        const CsvParts pa = split_csv(trace_csv(*a));
        out += "# ---- run A ----\n" + pa.comments + figures_comment("A", a->summary);
        rows += prefixed_rows(pa.rows, "A");
    }
    out += "# ---- run B ----\n" + pb.comments + figures_comment("B", b.summary);
    rows += prefixed_rows(pb.rows, "B");
    if (kernel) {
        const CsvParts pk = split_csv(trace_csv(*kernel->result));
        out += "# ---- run kernel ----\n" + pk.comments + facts_comment(kernel->facts) +
               figures_comment("kernel", kernel->result->summary);
        rows += prefixed_rows(pk.rows, "kernel");
    }
    out += "run," + pb.header + "\n";
    return out + rows;
}

QImage stacked_image(QWidget* top, QWidget* bottom, double scale) {
    const QImage a = render_image(top, scale);
    const QImage b = render_image(bottom, scale);
    const QSize size(std::max(a.width(), b.width()), a.height() + b.height());
    QImage img(size, QImage::Format_ARGB32_Premultiplied);
    img.fill(top->palette().color(QPalette::Window));
    QPainter p(&img);
    // Device pixels throughout: each part already carries the scale.
    p.drawImage(QRect(QPoint(0, 0), a.size()), a);
    p.drawImage(QRect(QPoint(0, a.height()), b.size()), b);
    p.end();
    return img;
}

std::optional<QString> save_compare_csv(const RunResult& a, const RunResult& b, const QString& path) {
    return write_export_file(path, compare_csv(a, b));
}

std::optional<QString> save_compare_csv(const RunResult* a, const RunResult& b, const std::optional<KernelCsvRun>& kernel,
                                        const QString& path) {
    return write_export_file(path, compare_csv(a, b, kernel));
}

std::optional<QString> save_compare_png(QWidget* dashboard, QWidget* table, const QString& path, double scale) {
    return save_image_png(stacked_image(dashboard, table, scale), path);
}

}  // namespace inflight::ui
