#include "panels/chart_key.h"

#include <QAreaSeries>
#include <QChart>
#include <QEvent>
#include <QGraphicsScene>
#include <QLineSeries>
#include <QPainter>

namespace inflight::ui {

namespace {
constexpr int kStroke = 22;  // the stroke or swatch before each name
constexpr int kGap = 5;      // between stroke and name
constexpr int kSpacing = 12; // between entries
}  // namespace

ChartKey::ChartKey(QChart* chart, QWidget* parent) : QWidget(parent), chart_(chart) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    if (chart_->scene()) connect(chart_->scene(), &QGraphicsScene::changed, this, [this] { refresh(); });
    refresh();
}

void ChartKey::refresh() {
    std::vector<Entry> e;
    QString sig;
    for (QAbstractSeries* s : chart_->series()) {
        if (!s->isVisible() || s->name().isEmpty()) continue;
        Entry x;
        x.name = s->name();
        if (auto* a = qobject_cast<QAreaSeries*>(s)) {
            x.band = true;
            x.brush = a->brush();
            x.pen = a->pen();
        } else if (auto* l = qobject_cast<QXYSeries*>(s)) {
            x.pen = l->pen();
        }
        sig += x.name + QLatin1Char('|') + x.pen.color().name(QColor::HexArgb) + QString::number(x.pen.widthF()) +
               QString::number(int(x.pen.style())) + x.brush.color().name(QColor::HexArgb) + QLatin1Char(';');
        e.push_back(std::move(x));
    }
    if (sig == signature_) return;
    signature_ = sig;
    entries_ = std::move(e);
    fixHeight();
    update();
}

QStringList ChartKey::names() const {
    QStringList out;
    for (const Entry& e : entries_) out << e.name;
    return out;
}

int ChartKey::entryWidth(const Entry& e) const {
    return kStroke + kGap + fontMetrics().horizontalAdvance(e.name);
}

std::vector<QRect> ChartKey::place(int w, int* lines) const {
    std::vector<QRect> out;
    const int h = fontMetrics().height();
    int x = 0, y = 0, n = entries_.empty() ? 0 : 1;
    for (const Entry& e : entries_) {
        const int ew = entryWidth(e);
        if (x > 0 && x + ew > w) {
            x = 0;
            y += h;
            ++n;
        }
        out.emplace_back(x, y, ew, h);
        x += ew + kSpacing;
    }
    if (lines) *lines = n;
    return out;
}

bool ChartKey::fits() const {
    for (const QRect& r : place(width(), nullptr))
        if (r.right() >= width()) return false;
    return true;
}

int ChartKey::heightForWidth(int w) const {
    int lines = 0;
    place(w, &lines);
    return lines * fontMetrics().height() + 2;
}

QSize ChartKey::sizeHint() const { return {200, height()}; }
QSize ChartKey::minimumSizeHint() const { return {0, height()}; }

void ChartKey::fixHeight() {
    const int h = heightForWidth(std::max(1, width()));
    if (h != height() || minimumHeight() != h) setFixedHeight(h);
}

void ChartKey::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fixHeight();
}

void ChartKey::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::FontChange || e->type() == QEvent::PaletteChange) {
        fixHeight();
        update();
    }
}

void ChartKey::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetrics fm = fontMetrics();
    const std::vector<QRect> rects = place(width(), nullptr);
    const QColor text = palette().color(QPalette::WindowText);
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        const Entry& e = entries_[i];
        const QRect r = rects[i];
        const int mid = r.top() + r.height() / 2;
        if (e.band) {
            p.fillRect(QRect(r.left(), mid - 5, kStroke, 10), e.brush);
        } else {
            QPen pen = e.pen;
            pen.setWidthF(std::min(pen.widthF(), 5.0));
            pen.setCapStyle(Qt::FlatCap);
            p.setPen(pen);
            p.drawLine(QPointF(r.left(), mid), QPointF(r.left() + kStroke, mid));
        }
        p.setPen(text);
        p.drawText(QPoint(r.left() + kStroke + kGap, r.top() + fm.ascent()), e.name);
    }
}

}  // namespace inflight::ui
