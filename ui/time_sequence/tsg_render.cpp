// The time–sequence graph as a figure (tsg_render.h).
#include "ui/time_sequence/tsg_render.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLayout>
#include <QLocale>
#include <QPainter>
#include <QValueAxis>
#include <QVBoxLayout>
#include <cmath>

#include "app/formats/atomic_write.h"
#include "ui/export/exporter.h"
#include "ui/export/offscreen_app.h"
#include "ui/panels/chart_key.h"
#include "ui/shell/themes.h"

namespace inflight::ui {
namespace {

void settle() {
    QCoreApplication::processEvents(QEventLoop::AllEvents);
    QCoreApplication::processEvents(QEventLoop::AllEvents);
}

QFont px_font(int px, bool bold = false) {
    QFont f = QApplication::font();
    f.setPixelSize(std::max(6, px));
    f.setBold(bold);
    return f;
}

QString bytes_text(std::uint64_t b) {
    const QLocale l;
    if (b < 10'000) return QObject::tr("%1 B").arg(l.toString(static_cast<qulonglong>(b)));
    if (b < 10'000'000) return QObject::tr("%1 KB").arg(l.toString(b / 1e3, 'f', 1));
    return QObject::tr("%1 MB").arg(l.toString(b / 1e6, 'f', 2));
}

}  // namespace

QString time_sequence_counts(const capture::TimeSequence& g) {
    const QLocale l;
    QStringList parts;
    parts << QObject::tr("%1 data segments").arg(l.toString(static_cast<qulonglong>(g.segments.size())));
    parts << QObject::tr("%1 retransmissions").arg(l.toString(static_cast<qulonglong>(g.retransmissions())));
    parts << QObject::tr("%1 SACK blocks").arg(l.toString(static_cast<qulonglong>(g.sacks.size())));
    if (!g.acks.empty()) parts << QObject::tr("final ACK %1").arg(bytes_text(g.acks.back().ack));
    QString text = parts.join(QStringLiteral(" · "));
    if (!g.window_known) text += QStringLiteral(" — ") + QString::fromStdString(g.window_note);
    if (g.cut) text += QObject::tr(" — only the first %L1 records are kept: the graph ends at %2 s")
                           .arg(static_cast<qulonglong>(capture::kMaxRecords))
                           .arg(g.cut_at_s, 0, 'f', 2);
    return text;
}

TimeSequenceFigure::TimeSequenceFigure(TimeSequencePtr graph, const QString& title, const QString& caption,
                                       const FigureOptions& options)
    : options_(options), geometry_(figure_geometry(options.size, options.presentation)), title_(title) {
    setAttribute(Qt::WA_DontShowOnScreen);
    setFont(px_font(geometry_.body_px));
    auto* heading = new QLabel(title, this);
    heading->setObjectName("title");
    heading->setFont(px_font(static_cast<int>(geometry_.body_px * 1.25), true));
    heading->setTextFormat(Qt::PlainText);
    heading->setWordWrap(true);
    chart_ = new TimeSequenceChart(this);
    ChartStyle style;
    style.presentation = options.presentation;
    chart_->restyle(style);
    const QFont ticks = px_font(geometry_.body_px);
    for (QAbstractAxis* a : chart_->view()->chart()->axes()) {
        a->setLabelsFont(ticks);
        a->setTitleFont(ticks);
    }
    chart_->key()->setFont(ticks);
    auto* counts = new QLabel(caption.isEmpty() ? time_sequence_counts(*graph)
                                                : caption + QStringLiteral("\n") + time_sequence_counts(*graph),
                              this);
    counts->setObjectName("caption");
    counts->setTextFormat(Qt::PlainText);
    counts->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    const int margin = std::max(4, geometry_.body_px / 2);
    layout->setContentsMargins(margin, margin, margin, margin);
    layout->setSpacing(margin / 2);
    layout->addWidget(heading);
    layout->addWidget(chart_, 1);
    layout->addWidget(counts);
    layout->setSizeConstraint(QLayout::SetNoConstraint);
    resize(geometry_.logical);
    show();
    settle();
    chart_->setGraph(std::move(graph));
    settle();
    chart_->resetZoom();  // at the final plot width
    settle();
}

QImage TimeSequenceFigure::toImage() { return render_image(this, options_.size, options_.scale, geometry_.pixel_ratio); }

QByteArray TimeSequenceFigure::toSvg() {
    const QRectF view(0, 0, options_.size.width() / geometry_.pixel_ratio,
                      options_.size.height() / geometry_.pixel_ratio);
    return render_svg(this, options_.size, view, title_);
}

std::optional<QString> save_time_sequence_figure(TimeSequencePtr graph, const QString& title, const QString& caption,
                                                 const QString& path, const FigureOptions& options) {
    if (auto err = check_output_path(path.toStdString())) return QString::fromStdString(*err);
    if (!graph) return QStringLiteral("'%1': there is no graph to draw").arg(path);
    TimeSequenceFigure figure(std::move(graph), title, caption, options);
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive))
        return write_export_file(path, figure.toSvg().toStdString());
    return save_image_png(figure.toImage(), path);
}

int render_time_sequence(const capture::TimeSequence& graph, const std::string& title, const Scenario* scenario,
                         const std::string& caption, const std::string& path, int width, int height,
                         bool presentation, std::string* error) {
    bool app_ok = false;
    const auto own_app = ensure_gui_application("the time-sequence graph", error, &app_ok);
    if (!app_ok) return 1;
    apply_theme(Theme::Light);
    FigureOptions options;
    options.size = QSize(width, height);
    options.presentation = presentation;
    const QString words = scenario ? figure_caption(*scenario) : QString::fromStdString(caption);
    if (auto err = save_time_sequence_figure(std::make_shared<const capture::TimeSequence>(graph),
                                             QString::fromStdString(title), words, QString::fromStdString(path),
                                             options)) {
        if (error) *error = err->toStdString();
        return 1;
    }
    return 0;
}

}  // namespace inflight::ui
