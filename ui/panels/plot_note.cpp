#include "ui/panels/plot_note.h"

#include <QApplication>
#include <QBrush>
#include <QChart>
#include <QChartView>
#include <QGraphicsRectItem>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QPalette>
#include <QPen>
#include <QTextDocument>

namespace inflight::ui {

namespace {
constexpr double kInsetPx = 4;       // from the plot's corner, and around the text
}  // namespace

NoteText zoomed_peak_note(const QString& peak) {
    return {PlotNote::tr("zoomed to the steady state: the peak of %1 runs above the plot · Ctrl+F\u00a0zooms\u00a0out").arg(peak),
            PlotNote::tr("zoomed: the peak of %1 is above").arg(peak)};
}

PlotNote::PlotNote(QChartView* view) : QObject(view), view_(view) {
    QChart* chart = view->chart();
    backing_ = new QGraphicsRectItem(chart);
    backing_->setPen(Qt::NoPen);
    backing_->setZValue(1000);  // above every series
    item_ = new QGraphicsTextItem(backing_);
    item_->document()->setDocumentMargin(kInsetPx / 2);
    backing_->hide();
    connect(chart, &QChart::plotAreaChanged, this, [this] { place(); });
    restyle();
}

void PlotNote::setText(const QString& text, const QString& shorter) {
    if (text == text_ && shorter == shorter_) return;
    text_ = text;
    shorter_ = shorter;
    place();
}

QString PlotNote::drawnText() const { return drawn() ? item_->toPlainText() : QString(); }

bool PlotNote::drawn() const { return backing_->isVisible(); }

QRectF PlotNote::sceneRect() const { return drawn() ? backing_->sceneBoundingRect() : QRectF(); }

void PlotNote::restyle() {
    const QPalette pal = QApplication::palette();
    QColor bg = pal.color(QPalette::Base);
    bg.setAlpha(225);
    backing_->setBrush(bg);
    item_->setDefaultTextColor(pal.color(QPalette::Text));
    item_->setFont(view_->chart()->legend()->font());  // the key's type
    place();
}

void PlotNote::setMostOfPlot(double share) {
    if (share == most_of_plot_) return;
    most_of_plot_ = share;
    place();
}

void PlotNote::setRightReserve(double px) {
    if (px == right_reserve_px_) return;
    right_reserve_px_ = px;
    place();
}

void PlotNote::place() {
    const QRectF plot = view_->chart()->plotArea();
    const double room = plot.width() - 2 * kInsetPx - right_reserve_px_;
    // The text, else its shorter form: the first that fits.
    const auto fits = [&](const QString& t) {
        item_->setPlainText(t);
        item_->setTextWidth(-1);
        const double natural = item_->boundingRect().width();
        item_->setTextWidth(std::min(natural, room));
        const QRectF r = item_->boundingRect();
        backing_->setRect(r);
        backing_->setPos(plot.topLeft() + QPointF(kInsetPx, kInsetPx));
        return r.height() <= most_of_plot_ * plot.height() && r.width() <= room + 0.5;
    };
    const bool can = !text_.isEmpty() && room > 2 * kInsetPx;
    const bool whole = can && fits(text_);
    const bool show = whole || (can && !shorter_.isEmpty() && fits(shorter_));
    if (backing_->isVisible() != show) backing_->setVisible(show);
    view_->setToolTip(!text_.isEmpty() && !whole ? text_ : QString());
}

}  // namespace inflight::ui
