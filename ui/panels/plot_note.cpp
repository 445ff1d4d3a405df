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
constexpr double kMostOfPlot = 0.5;  // the note may cover at most this much of the plot's height
}  // namespace

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

void PlotNote::setText(const QString& text) {
    if (text == text_) return;
    text_ = text;
    item_->setPlainText(text);
    place();
}

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

void PlotNote::setRightReserve(double px) {
    if (px == right_reserve_px_) return;
    right_reserve_px_ = px;
    place();
}

void PlotNote::place() {
    const QRectF plot = view_->chart()->plotArea();
    const double room = plot.width() - 2 * kInsetPx - right_reserve_px_;
    bool show = !text_.isEmpty() && room > 2 * kInsetPx;
    if (show) {
        item_->setTextWidth(-1);
        const double natural = item_->boundingRect().width();
        item_->setTextWidth(std::min(natural, room));
        const QRectF r = item_->boundingRect();
        show = r.height() <= kMostOfPlot * plot.height() && r.width() <= room + 0.5;
        backing_->setRect(r);
        backing_->setPos(plot.topLeft() + QPointF(kInsetPx, kInsetPx));
    }
    if (backing_->isVisible() != show) backing_->setVisible(show);
    view_->setToolTip(!text_.isEmpty() && !show ? text_ : QString());
}

}  // namespace inflight::ui
