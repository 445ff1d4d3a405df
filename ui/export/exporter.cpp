#include "ui/export/exporter.h"

#include <QBuffer>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <QWidget>
#include <cmath>

#include "app/formats/atomic_write.h"
#include "app/formats/csv_export.h"
#include "ui/export/svg_clip.h"
#include "ui/export/svg_frames.h"

namespace inflight::ui {

std::optional<QString> write_export_file(const QString& path, const std::string& bytes) {
    if (auto err = check_output_path(path.toStdString())) return QString::fromStdString(*err);
    if (auto err = write_file_atomically(path.toStdString(), bytes)) return QString::fromStdString(*err);
    return std::nullopt;
}

std::optional<QString> save_image_png(const QImage& img, const QString& path) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!img.save(&buffer, "PNG")) return QStringLiteral("cannot encode the PNG for '%1'").arg(path);
    return write_export_file(path, bytes.toStdString());
}

QImage render_image(QWidget* w, double scale) { return render_image(w, w->size(), scale, 1.0); }

QImage render_image(QWidget* w, QSize size_px, double scale, double pixel_ratio) {
    QImage img(QSize(static_cast<int>(std::lround(size_px.width() * scale)),
                     static_cast<int>(std::lround(size_px.height() * scale))),
               QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(pixel_ratio * scale);
    img.fill(w->palette().color(QPalette::Window));
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    w->render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
    return img;
}

std::optional<QString> save_png(QWidget* w, const QString& path, double scale) {
    return save_image_png(render_image(w, scale), path);
}

QByteArray render_svg(QWidget* w, QSize size, const QRectF& view_box, const QString& title) {
    const SvgPlotClips clips(w);
    const VectorFrames frames(w);  // no picture fragments along the panels' edges
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator gen;
    gen.setOutputDevice(&buffer);
    gen.setSize(size);
    gen.setViewBox(view_box);
    // Qt 6.4's generator writes its title into <title> as it is: a flow's
    // label or a capture's file name with "<" or "&" made the file no XML.
    gen.setTitle(title.toHtmlEscaped());
    gen.setDescription(QStringLiteral("Inflight " INFLIGHT_VERSION));
    {
        QPainter p(&gen);
        p.fillRect(view_box, w->palette().color(QPalette::Window));
        w->render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
    }
    QByteArray svg = clips.apply(bytes);
    // The size in pixels, as asked (QSvgGenerator writes millimetres at 72 dpi).
    static const QRegularExpression mm(QStringLiteral("<svg width=\"[0-9.]+mm\" height=\"[0-9.]+mm\""));
    const QString head = QString::fromUtf8(svg.left(400));
    const QRegularExpressionMatch m = mm.match(head);
    if (m.hasMatch())
        svg.replace(m.capturedStart(), m.capturedLength(),
                    QStringLiteral("<svg width=\"%1\" height=\"%2\"").arg(size.width()).arg(size.height()).toUtf8());
    return svg;
}

std::optional<QString> save_svg(QWidget* w, const QString& path, const QString& title) {
    return write_export_file(path, render_svg(w, w->size(), QRectF(QPointF(0, 0), QSizeF(w->size())), title).toStdString());
}

std::optional<QString> save_trace_csv(const RunResult& r, const QString& path) {
    return write_export_file(path, trace_csv(r));
}

std::optional<QString> save_events_csv(const RunResult& r, const QString& path) {
    return write_export_file(path, events_csv(r));
}

}  // namespace inflight::ui
