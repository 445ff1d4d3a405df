// The sweep plot drawn offscreen to a PNG (sweep_render.h).
#include "ui/export/offscreen_app.h"
#include "ui/sweep/sweep_render.h"

#include <QApplication>
#include <QBuffer>
#include <QEventLoop>
#include <QLayout>
#include <memory>

#include "app/formats/atomic_write.h"
#include "ui/export/exporter.h"
#include "ui/sweep/sweep_chart.h"
#include "ui/shell/themes.h"

namespace inflight::ui {

std::optional<QString> save_sweep_png(const SweepResult& r, const QString& path, QSize size) {
    if (auto err = check_output_path(path.toStdString())) return QString::fromStdString(*err);
    SweepChart chart;
    chart.setAttribute(Qt::WA_DontShowOnScreen);
    chart.setAutoFillBackground(true);
    // The plot's size is the image's: its layout never sets the offscreen
    // window's least size (which the platform cannot take, and says so on
    // stderr, once for every change).
    chart.layout()->setSizeConstraint(QLayout::SetNoConstraint);
    chart.resize(size);
    chart.setFlowView(SweepChart::FlowView::Both);  // several flows: share and throughput side by side
    chart.show();
    QCoreApplication::processEvents(QEventLoop::AllEvents);  // lay out, so the charts know their size
    chart.setResult(r);
    QCoreApplication::processEvents(QEventLoop::AllEvents);
    const QImage img = render_image(&chart, 1.0);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!img.save(&buffer, "PNG")) return QStringLiteral("cannot encode the PNG for '%1'").arg(path);
    if (auto err = write_file_atomically(path.toStdString(), bytes.toStdString())) return QString::fromStdString(*err);
    return std::nullopt;
}

int render_sweep(const SweepResult& result, const std::string& png_path, std::string* error) {
    bool app_ok = false;
    const auto own_app = ensure_gui_application("the sweep plot", error, &app_ok);
    if (!app_ok) return 1;
    apply_theme(Theme::Light);
    if (auto err = save_sweep_png(result, QString::fromStdString(png_path))) {
        if (error) *error = err->toStdString();
        return 1;
    }
    return 0;
}

}  // namespace inflight::ui
