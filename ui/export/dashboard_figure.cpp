// The dashboard laid out and fitted as a figure (dashboard_figure.h).
#include "ui/export/dashboard_figure.h"

#include <QApplication>
#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileInfo>
#include <QFontInfo>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QPainter>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QTableView>
#include <QTextDocument>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <functional>
#include <tuple>

#include "app/formats/atomic_write.h"
#include "ui/export/exporter.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/event_log_view.h"
#include "ui/panels/hero_panel.h"
#include "ui/panels/text_strip.h"

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

int pixel_size(const QFont& f) { return f.pixelSize() > 0 ? f.pixelSize() : std::max(1, QFontInfo(f).pixelSize()); }

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

// A widget's font set to `f`; a width fixed for the old font (the hero
// number's room, reserved for its widest figure) scales with it.
void set_font_keeping_room(QWidget* w, const QFont& f) {
    const int fixed = w->minimumWidth() == w->maximumWidth() ? w->minimumWidth() : 0;
    const int old_px = pixel_size(w->font());
    w->setFont(f);
    if (fixed > 0 && old_px > 0)
        w->setFixedWidth(static_cast<int>(std::ceil(fixed * static_cast<double>(pixel_size(f)) / old_px)));
}

// Lays `w` out again at its size, as a resize would (a panel that arranges
// itself on resize, the hero's number beside its words, sees its new fonts).
void relayout(QWidget* w) {
    for (QLayout* l : w->findChildren<QLayout*>()) l->invalidate();
    if (w->layout()) w->layout()->invalidate();
    QResizeEvent again(w->size(), w->size());
    QCoreApplication::sendEvent(w, &again);
    settle();
}

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
    const int margin = std::max(3, geometry_.body_px / 3);
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
        if (w->testAttribute(Qt::WA_SetFont)) set_font_keeping_room(w, rebase(w->font()));
    for (QChartView* v : dash_->findChildren<QChartView*>()) set_chart_fonts(v->chart(), rebase);
    // The number's room is its fixed width: with the strip's Ignored width
    // policy the headline's row gives it none and the words run over it.
    if (auto* number = dash_->hero()->findChild<TextStrip*>("hero"))
        number->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
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

    relayout(dash_->hero());
    fitCaption();
    fitTexts();
    fitCharts();
    dash_->showNow(run_);  // the series again, one point per column of the final plot areas
    dash_->hideCursor();
    settle();
    fitEventLog();
}

void DashboardFigure::arrangePanels() {
    if (!dash_->layout()) return;
    // A figure has no docks to give room to: the window and the RTT charts
    // share their column evenly, so the RTT's plot keeps its ticks.
    for (QBoxLayout* column : dash_->findChildren<QBoxLayout*>())
        if (column->setStretchFactor(dash_->panel(Dashboard::Panel::Rtt), 1))
            column->setStretchFactor(dash_->panel(Dashboard::Panel::Window), 1);
    if (!geometry_.one_column) return;
    // Portrait: the dashboard's two columns stacked (the headline stays on top).
    for (int i = 0; i < dash_->layout()->count(); ++i)
        if (auto* row = qobject_cast<QBoxLayout*>(dash_->layout()->itemAt(i)->layout()))
            if (row->direction() == QBoxLayout::LeftToRight) row->setDirection(QBoxLayout::TopToBottom);
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
        while (!strip->fits()) {
            const int px = pixel_size(strip->font());
            if (px <= floor) break;
            set_font_keeping_room(strip, with_px(strip->font(), px - std::max(1, px / 14)));
        }
        // The run's bookkeeping line is the one a small figure can spare.
        if (!strip->fits() && strip->objectName() == QLatin1String("status")) strip->hide();
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
            t->setRowHeight(r, static_cast<const QAbstractItemView*>(t)->sizeHintForRow(r));
            const int h = t->rowHeight(r);  // the header may hold a row to its minimum
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
        t->setFixedHeight(t->horizontalHeader()->height() + used + 2 * t->frameWidth());
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
        if (strip->isVisibleTo(this) && !strip->fits()) out << strip_name(strip) + ": " + strip->text();
    for (QChartView* view : chart_views(this))
        for (const QString& t : elided_chart_texts(view->chart())) out << QStringLiteral("chart: ") + t;
    // No two texts drawn over each other.
    QList<const QWidget*> texts;
    for (const TextStrip* strip : findChildren<TextStrip*>())
        if (strip->isVisibleTo(this) && !strip->text().isEmpty()) texts << strip;
    for (const QLabel* label : findChildren<QLabel*>())
        if (label->isVisibleTo(this) && !label->text().isEmpty()) texts << label;
    const auto rect_of = [this](const QWidget* w) { return QRect(w->mapTo(this, QPoint(0, 0)), w->size()); };
    for (qsizetype i = 0; i < texts.size(); ++i)
        for (qsizetype j = i + 1; j < texts.size(); ++j)
            if (rect_of(texts[i]).intersects(rect_of(texts[j])))
                out << QStringLiteral("overlap: %1 / %2").arg(texts[i]->objectName(), texts[j]->objectName());
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

QImage DashboardFigure::toImage() { return render_image(this, options_.size, options_.scale, geometry_.pixel_ratio); }

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
