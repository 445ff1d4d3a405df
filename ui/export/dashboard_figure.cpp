// The dashboard laid out and fitted as a figure (dashboard_figure.h).
#include "export/dashboard_figure.h"

#include <QApplication>
#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QPainter>
#include <QRegularExpression>
#include <QTableView>
#include <QTextDocument>
#include <QTextLayout>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <functional>
#include <tuple>

#include "atomic_write.h"
#include "export/exporter.h"
#include "panels/dashboard.h"
#include "panels/event_log_view.h"
#include "panels/hero_panel.h"
#include "panels/text_strip.h"

namespace inflight::ui {
namespace {

// The smallest text a figure uses, in pixels: chart ticks and legends, and
// any line shrunk to fit.
constexpr int kFloorPx = 8;
// A panel's text lines are not shrunk below this share of the body text.
constexpr double kLineFloor = 0.72;

void settle() {
    // Twice: a widget layout resizes the chart views, whose charts then lay
    // themselves out on posted events of their own.
    QCoreApplication::processEvents(QEventLoop::AllEvents);
    QCoreApplication::processEvents(QEventLoop::AllEvents);
}

bool elided(const QString& text) {
    return text.contains(QChar(0x2026)) || text.contains(QLatin1String("..."));
}

int pixel_size(const QFont& f) {
    if (f.pixelSize() > 0) return f.pixelSize();
    return std::max(1, static_cast<int>(std::lround(QFontMetricsF(f).height() * 0.8)));
}

QFont with_px(QFont f, int px) {
    f.setPixelSize(std::max(kFloorPx - 2, px));
    return f;
}

// Fonts in pixels: every font a panel set from the application font keeps
// its proportion to it, now to `body_px`; the rest inherit the body font.
class FontRebase {
public:
    explicit FontRebase(int body_px) : body_px_(body_px) {
        const QFont app = QApplication::font();
        app_size_ = app.pointSizeF() > 0 ? app.pointSizeF() : app.pixelSize();
        if (!(app_size_ > 0)) app_size_ = 9;
    }
    QFont operator()(QFont f) const {
        const double size = f.pointSizeF() > 0 ? f.pointSizeF() : f.pixelSize();
        return with_px(f, static_cast<int>(std::lround(body_px_ * (size > 0 ? size : app_size_) / app_size_)));
    }

private:
    int body_px_;
    double app_size_;
};

QList<QChartView*> chart_views(const QWidget* root) {
    QList<QChartView*> out;
    for (QChartView* v : root->findChildren<QChartView*>())
        if (v->isVisibleTo(root) && v->chart()) out << v;
    return out;
}

void set_chart_fonts(QChart* chart, const std::function<QFont(QFont)>& change) {
    chart->legend()->setFont(change(chart->legend()->font()));
    chart->setTitleFont(change(chart->titleFont()));
    for (QAbstractAxis* a : chart->axes()) {
        a->setLabelsFont(change(a->labelsFont()));
        a->setTitleFont(change(a->titleFont()));
    }
}

// The texts a chart shows: ticks, axis titles, legend entries, its title.
QStringList chart_texts(const QChart* chart) {
    QStringList out;
    if (!chart->scene()) return out;
    for (QGraphicsItem* item : chart->scene()->items()) {
        if (!item->isVisible()) continue;
        if (auto* t = dynamic_cast<QGraphicsTextItem*>(item)) out << t->toPlainText();
        else if (auto* s = dynamic_cast<QGraphicsSimpleTextItem*>(item)) out << s->text();
    }
    out.removeAll(QString());
    return out;
}

QStringList elided_chart_texts(const QChart* chart) {
    QStringList out;
    for (const QString& t : chart_texts(chart))
        if (elided(t)) out << t;
    return out;
}

// Whether a strip shows its whole text: TextStrip wraps at word boundaries
// into the lines its height holds and elides the last one.
bool strip_fits(const TextStrip* strip) {
    const QString text = strip->text();
    if (text.isEmpty()) return true;
    const QFontMetrics fm(strip->font());
    const int lines = std::max(1, (strip->height() - 2) / std::max(1, fm.lineSpacing()));
    const int width = strip->width();
    QTextLayout layout(text, strip->font());
    layout.beginLayout();
    bool fits = true;
    for (int used = 1;; ++used) {
        QTextLine line = layout.createLine();
        if (!line.isValid()) break;
        line.setLineWidth(width);
        if (used == lines) {
            fits = fm.horizontalAdvance(text.mid(line.textStart())) <= width;
            break;
        }
        if (line.naturalTextWidth() > width) fits = false;
    }
    layout.endLayout();
    return fits;
}

QString strip_name(const TextStrip* strip) {
    return strip->objectName().isEmpty() ? QStringLiteral("text") : strip->objectName();
}

}  // namespace

DashboardFigure::DashboardFigure(SnapshotPtr run, const FigureOptions& options, bool theory)
    : run_(std::move(run)), options_(options), geometry_(figure_geometry(options.size, options.presentation)) {
    setAttribute(Qt::WA_DontShowOnScreen);
    QFont body = QApplication::font();
    body.setPixelSize(geometry_.body_px);
    setFont(body);

    dash_ = new Dashboard(this);
    caption_ = new QLabel(this);
    caption_->setObjectName("caption");
    caption_->setText(run_ ? figure_caption(run_->result.scenario) : QString());
    caption_->setTextFormat(Qt::PlainText);
    auto* layout = new QVBoxLayout(this);
    const int margin = std::max(4, geometry_.body_px / 2);
    layout->setContentsMargins(margin, margin, margin, margin);
    layout->setSpacing(margin / 2);
    layout->addWidget(dash_, 1);
    layout->addWidget(caption_);
    // The figure's size is the figure's: never grown to the panels' wishes
    // (a panel that cannot fit shows in misfits()).
    layout->setSizeConstraint(QLayout::SetNoConstraint);

    dash_->setPresentation(options_.presentation);
    dash_->restyle();
    const FontRebase rebase(geometry_.body_px);
    for (QWidget* w : dash_->findChildren<QWidget*>())
        if (w->testAttribute(Qt::WA_SetFont)) w->setFont(rebase(w->font()));
    for (QChartView* v : dash_->findChildren<QChartView*>()) set_chart_fonts(v->chart(), rebase);
    arrangePanels();
    prepareEventLog();

    resize(geometry_.logical);
    show();
    settle();
    if (!run_) return;
    dash_->setTheory(theory);
    dash_->showNow(run_);
    dash_->hideCursor();
    settle();

    fitCaption();
    fitTexts();
    fitCharts();
    dash_->showNow(run_);  // the series again, one point per column of the final plot areas
    dash_->hideCursor();
    settle();
    fitEventLog();
}

void DashboardFigure::arrangePanels() {
    auto* grid = qobject_cast<QGridLayout*>(dash_->layout());
    if (!grid || !geometry_.one_column) return;
    using P = Dashboard::Panel;
    const P order[] = {P::Window, P::Rtt, P::Hero, P::Events};
    const int stretch[] = {3, 3, 3, 2};
    for (P p : order) grid->removeWidget(dash_->panel(p));
    for (int row = 0; row < 4; ++row) {
        grid->addWidget(dash_->panel(order[row]), row, 0);
        grid->setRowStretch(row, stretch[row]);
    }
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 0);
}

void DashboardFigure::prepareEventLog() {
    EventLogView* log = dash_->events();
    // A figure is not filtered: the "Show" filter and its label go.
    if (auto* filter = log->findChild<QComboBox*>()) {
        filter->hide();
        for (QLabel* l : log->findChildren<QLabel*>())
            if (l->buddy() == filter) l->hide();
    }
    events_table_ = log->findChild<QTableView*>();
    if (QTableView* t = events_table_) {
        t->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        t->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        t->setWordWrap(true);
        t->setTextElideMode(Qt::ElideNone);
        t->setSelectionMode(QAbstractItemView::NoSelection);
        t->setFocusPolicy(Qt::NoFocus);
    }
    more_ = new QLabel(log);
    more_->setObjectName("more_events");
    more_->setTextFormat(Qt::PlainText);
    more_->hide();
    if (auto* box = qobject_cast<QBoxLayout*>(log->layout())) box->addWidget(more_);
}

void DashboardFigure::fitCaption() {
    const int floor = std::max(kFloorPx, static_cast<int>(geometry_.body_px * kLineFloor));
    for (int px = geometry_.body_px; px >= floor; --px) {
        caption_->setFont(with_px(caption_->font(), px));
        if (QFontMetrics(caption_->font()).horizontalAdvance(caption_->text()) <= caption_->width()) return;
    }
    caption_->setWordWrap(true);  // two lines rather than a cut one
    settle();
}

void DashboardFigure::fitTexts() {
    const int floor = std::max(kFloorPx, static_cast<int>(geometry_.body_px * kLineFloor));
    for (TextStrip* strip : findChildren<TextStrip*>()) {
        if (!strip->isVisibleTo(this)) continue;
        while (!strip_fits(strip)) {
            const int px = pixel_size(strip->font());
            if (px <= floor) break;
            strip->setFont(with_px(strip->font(), px - std::max(1, px / 14)));
        }
        // The run's bookkeeping line is the one a small figure can spare.
        if (!strip_fits(strip) && strip->objectName() == QLatin1String("status")) strip->hide();
    }
    settle();
}

void DashboardFigure::fitCharts() {
    for (QChartView* view : chart_views(this)) {
        QChart* chart = view->chart();
        bool moved_legend = false;
        for (int guard = 0; guard < 24 && !elided_chart_texts(chart).isEmpty(); ++guard) {
            const int px = pixel_size(chart->legend()->font());
            if (px > kFloorPx) {
                set_chart_fonts(chart, [](QFont f) { return with_px(f, pixel_size(f) - 1); });
            } else if (!moved_legend && chart->legend()->isVisible()) {
                // A legend too long for one row under the plot goes beside it.
                chart->legend()->setAlignment(Qt::AlignRight);
                moved_legend = true;
            } else {
                break;
            }
            settle();
        }
    }
}

void DashboardFigure::fitEventLog() {
    QTableView* t = events_table_;
    if (!t) return;
    const int n = t->model() ? t->model()->rowCount() : 0;
    const auto rows_in = [&](int room) {
        int used = 0, k = 0;
        for (int r = 0; r < n; ++r) {
            const int h = t->sizeHintForRow(r);
            t->setRowHeight(r, h);
            if (used + h > room) break;
            used += h;
            ++k;
        }
        return std::pair{k, used};
    };
    if (n == 0) {
        t->hide();
        more_->setText(tr("no events in this run"));
        more_->show();
        settle();
        return;
    }
    auto [k, used] = rows_in(t->viewport()->height());
    if (k < n) {
        more_->setText(tr("+%L1 more events").arg(n - k));
        more_->show();
        settle();
        std::tie(k, used) = rows_in(t->viewport()->height());
    }
    rows_shown_ = k;
    rows_left_out_ = n - k;
    if (k < 2 && n > k) {
        // Too small for a table: the counters, and how many events there were.
        t->hide();
        rows_shown_ = 0;
        rows_left_out_ = n;
        more_->setText(n == 1 ? tr("1 event") : tr("%L1 events").arg(n));
        more_->show();
    } else if (k < n) {
        more_->setText(tr("+%L1 more events").arg(n - k));
        // Exactly k whole rows; the room left under them stays empty.
        t->setMaximumHeight(t->horizontalHeader()->height() + used + 2 * t->frameWidth());
        if (auto* box = qobject_cast<QBoxLayout*>(dash_->events()->layout())) box->addStretch(1);
    }
    settle();
}

QString DashboardFigure::caption() const { return caption_->text(); }

QStringList DashboardFigure::misfits() const {
    QStringList out;
    if (layout()->minimumSize().height() > height() || layout()->minimumSize().width() > width())
        out << QStringLiteral("figure: the panels need %1x%2, the figure is %3x%4")
                   .arg(layout()->minimumSize().width())
                   .arg(layout()->minimumSize().height())
                   .arg(width())
                   .arg(height());
    for (const TextStrip* strip : findChildren<TextStrip*>())
        if (strip->isVisibleTo(this) && !strip_fits(strip)) out << strip_name(strip) + ": " + strip->text();
    for (QChartView* view : chart_views(this))
        for (const QString& t : elided_chart_texts(view->chart())) out << QStringLiteral("chart: ") + t;
    for (const QLabel* label : findChildren<QLabel*>()) {
        if (!label->isVisibleTo(this) || label->text().isEmpty()) continue;
        const QFontMetrics fm(label->font());
        const bool fits = label->wordWrap()
                              ? label->heightForWidth(label->width()) <= label->height()
                              : fm.horizontalAdvance(label->text()) <= label->width();
        if (!fits || elided(label->text())) out << QStringLiteral("label: ") + label->text();
    }
    for (const QGroupBox* box : findChildren<QGroupBox*>()) {
        const int need = QFontMetrics(box->font()).horizontalAdvance(box->title()) + 2 * box->fontMetrics().height();
        if (box->isVisibleTo(this) && need > box->width()) out << QStringLiteral("panel title: ") + box->title();
    }
    if (events_table_ && events_table_->isVisibleTo(this)) {
        if (events_table_->horizontalHeader()->length() > events_table_->viewport()->width())
            out << QStringLiteral("event table: wider than its panel");
        int used = 0;
        for (int r = 0; r < rows_shown_; ++r) used += events_table_->rowHeight(r);
        if (used > events_table_->viewport()->height()) out << QStringLiteral("event table: rows cut");
    }
    return out;
}

QImage DashboardFigure::toImage() {
    const QSize px(static_cast<int>(std::lround(options_.size.width() * options_.scale)),
                   static_cast<int>(std::lround(options_.size.height() * options_.scale)));
    QImage img(px, QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(geometry_.pixel_ratio * options_.scale);
    img.fill(palette().color(QPalette::Window));
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
    return img;
}

QByteArray DashboardFigure::toSvg() {
    const QRectF view(0, 0, options_.size.width() / geometry_.pixel_ratio,
                      options_.size.height() / geometry_.pixel_ratio);
    return render_svg(this, options_.size, view, caption());
}

std::optional<QString> save_figure(SnapshotPtr run, const QString& path, const FigureOptions& options, bool theory) {
    if (auto err = check_output_path(path.toStdString())) return QString::fromStdString(*err);
    if (!run || !run->done)
        return QStringLiteral("'%1': the run is still going; export again when the hero number has settled")
            .arg(path);
    DashboardFigure figure(std::move(run), options, theory);
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive))
        return write_export_file(path, figure.toSvg().toStdString());
    return save_image_png(figure.toImage(), path);
}

QStringList svg_texts(const QByteArray& svg) {
    static const QRegularExpression text(QStringLiteral("<text[^>]*>([^<]*)</text>"));
    QStringList out;
    for (auto it = text.globalMatch(QString::fromUtf8(svg)); it.hasNext();) {
        QTextDocument unescape;
        unescape.setHtml(it.next().captured(1));
        out << unescape.toPlainText();
    }
    return out;
}

}  // namespace inflight::ui
