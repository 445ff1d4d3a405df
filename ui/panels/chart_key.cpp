#include "ui/panels/chart_key.h"

#include <QAreaSeries>
#include <QChart>
#include <QEvent>
#include <QGraphicsScene>
#include <QHelpEvent>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace inflight::ui {

namespace {
constexpr int kStroke = 22;      // the stroke or swatch before each name
constexpr int kFlowStroke = 24;  // a flow's stroke: long enough for a dash-dot period
constexpr int kGap = 5;          // between stroke and name
constexpr int kSpacing = 12;     // between entries
constexpr int kFlowSpacing = 7;  // between the flows of a group
constexpr int kFoldStripe = 4;   // a folded group's swatch: one stripe per flow
constexpr int kFoldMax = 48;     // ... at most this wide

constexpr char kFlowIndex[] = "flow_index";
constexpr char kFlowGroup[] = "flow_group";
constexpr char kFlowShort[] = "flow_short";
constexpr char kFlowTip[] = "flow_tip";
constexpr char kNamedOnPlot[] = "named_on_plot";
}  // namespace

void tag_flow_series(QAbstractSeries* series, int index, const QString& group, const QString& short_name,
                     const QString& tip) {
    series->setProperty(kFlowIndex, index);
    series->setProperty(kFlowGroup, group);
    series->setProperty(kFlowShort, short_name);
    series->setProperty(kFlowTip, tip);
}

int flow_index_of(const QAbstractSeries* series) {
    const QVariant v = series->property(kFlowIndex);
    return v.isValid() ? v.toInt() : -1;
}

void name_on_plot(QAbstractSeries* series, bool out) { series->setProperty(kNamedOnPlot, out); }

ChartKey::ChartKey(QChart* chart, QWidget* parent) : QWidget(parent), chart_(chart) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    if (chart_->scene()) connect(chart_->scene(), &QGraphicsScene::changed, this, [this] { refresh(); });
    refresh();
}

void ChartKey::refresh() {
    std::vector<Entry> e;
    QString sig;
    for (QAbstractSeries* s : chart_->series()) {
        if (!s->isVisible() || s->name().isEmpty() || s->property(kNamedOnPlot).toBool()) continue;
        Entry x;
        x.name = s->name();
        if (auto* a = qobject_cast<QAreaSeries*>(s)) {
            x.band = true;
            x.brush = a->brush();
            x.pen = a->pen();
        } else if (auto* sc = qobject_cast<QScatterSeries*>(s)) {
            x.marker = true;
            x.marker_shape = static_cast<int>(sc->markerShape());
            x.brush = sc->brush();
            x.pen = sc->pen();
        } else if (auto* l = qobject_cast<QXYSeries*>(s)) {
            x.pen = l->pen();
        }
        if (flow_index_of(s) >= 0) {
            x.group = s->property(kFlowGroup).toString();
            x.short_name = s->property(kFlowShort).toString();
            x.tip = s->property(kFlowTip).toString();
        }
        sig += x.name + QLatin1Char('|') + x.pen.color().name(QColor::HexArgb) + QString::number(x.pen.widthF()) +
               QString::number(int(x.pen.style())) + QString::number(x.marker_shape) + x.brush.color().name(QColor::HexArgb) + x.group +
               QLatin1Char('|') + x.short_name + QLatin1Char(';');
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

std::vector<ChartKey::Item> ChartKey::items(Detail detail) const {
    std::vector<Item> out;
    QString group;
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        const Entry& e = entries_[i];
        if (!e.group.isEmpty() && e.group != group) out.push_back({-1, tr("%1:").arg(e.group)});
        group = e.group;
        if (detail == Detail::Folded && !e.group.isEmpty()) {
            // The group's flows are the run of entries with its title.
            std::size_t end = i;
            while (end < entries_.size() && entries_[end].group == e.group) ++end;
            const int n = static_cast<int>(end - i);
            out.push_back({static_cast<int>(i), n == 1 ? e.short_name : tr("%1 flows").arg(n), n});
            i = end - 1;
            continue;
        }
        out.push_back({static_cast<int>(i), detail != Detail::Full && !e.group.isEmpty() ? e.short_name : e.name});
    }
    return out;
}

ChartKey::Detail ChartKey::detailAt(int w) const {
    bool groups = false;
    for (const Entry& e : entries_) groups = groups || !e.group.isEmpty();
    if (!groups) return Detail::Full;
    Detail best = Detail::Full;
    int best_lines = 0;
    place(items(Detail::Full), w, &best_lines);
    for (Detail d : {Detail::Short, Detail::Folded}) {
        int lines = 0;
        place(items(d), w, &lines);
        if (lines < best_lines) {
            best = d;
            best_lines = lines;
        }
    }
    return best;
}

int ChartKey::itemWidth(const Item& it) const {
    const int text = fontMetrics().horizontalAdvance(it.text);
    if (it.entry < 0) return text;
    const Entry& e = entries_[static_cast<std::size_t>(it.entry)];
    const int stroke = it.folded > 1 ? std::min(kFoldMax, std::max(kFlowStroke, it.folded * kFoldStripe))
                       : e.group.isEmpty() ? kStroke
                                           : kFlowStroke;
    return stroke + kGap + text;
}

std::vector<QRect> ChartKey::place(const std::vector<Item>& its, int w, int* lines) const {
    std::vector<QRect> out;
    const int h = fontMetrics().height();
    int x = 0, y = 0, n = its.empty() ? 0 : 1;
    int line_h = h;  // the tallest item on the current line
    for (std::size_t i = 0; i < its.size(); ++i) {
        const Item& it = its[i];
        int ew = itemWidth(it);
        // A group's title stays on the line of its first flow.
        if (it.entry < 0 && i + 1 < its.size()) ew += kGap + itemWidth(its[i + 1]);
        if (x > 0 && x + ew > w) {
            x = 0;
            y += line_h;
            n += line_h / h;
            line_h = h;
        }
        // An entry wider than the whole key wraps its name at spaces onto
        // lines of its own (a long name alone on a narrow key).
        int iw = itemWidth(it), ih = h;
        if (x == 0 && iw > w && it.entry >= 0) {
            const int text_room = std::max(1, w - (iw - fontMetrics().horizontalAdvance(it.text)));
            const QRect wrapped = fontMetrics().boundingRect(QRect(0, 0, text_room, 100 * h), Qt::TextWordWrap, it.text);
            iw = w;
            ih = std::max(h, (wrapped.height() + h - 1) / h * h);
        }
        out.emplace_back(x, y, iw, ih);
        line_h = std::max(line_h, ih);
        // Inside a group (after its title or between its flows) the gap is
        // small; between entries and groups the usual spacing.
        const bool next_in_group = i + 1 < its.size() && its[i + 1].entry >= 0 &&
                                   !entries_[static_cast<std::size_t>(its[i + 1].entry)].group.isEmpty() &&
                                   (it.entry < 0 || entries_[static_cast<std::size_t>(it.entry)].group ==
                                                        entries_[static_cast<std::size_t>(its[i + 1].entry)].group);
        x += out.back().width() + (it.entry < 0 ? kGap : next_in_group ? kFlowSpacing : kSpacing);
    }
    if (lines) *lines = n + (line_h / h - 1);
    return out;
}

bool ChartKey::fits() const {
    for (const QRect& r : place(items(detailAt(width())), width(), nullptr))
        if (r.right() >= width()) return false;
    return true;
}

QStringList ChartKey::shownTexts() const {
    QStringList out;
    for (const Item& it : items(detailAt(width()))) out << it.text;
    return out;
}

QString ChartKey::tipAt(const QPoint& pos) const {
    const std::vector<Item> its = items(detailAt(width()));
    const std::vector<QRect> rects = place(its, width(), nullptr);
    for (std::size_t i = 0; i < its.size(); ++i)
        if (its[i].entry >= 0 && its[i].folded <= 1 && rects[i].contains(pos)) {
            const Entry& e = entries_[static_cast<std::size_t>(its[i].entry)];
            if (!e.tip.isEmpty()) return e.tip;
        }
    // Anywhere else: every flow, one a line, under its group.
    QStringList lines;
    QString group;
    for (const Entry& e : entries_) {
        if (e.group.isEmpty()) continue;
        if (e.group != group) lines << tr("%1:").arg(e.group);
        group = e.group;
        lines << QStringLiteral("  ") + (e.tip.isEmpty() ? e.name : e.tip);
    }
    return lines.join(QLatin1Char('\n'));
}

bool ChartKey::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const QString tip = tipAt(he->pos());
        if (tip.isEmpty()) QToolTip::hideText();
        else QToolTip::showText(he->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(e);
}

int ChartKey::heightForWidth(int w) const {
    int lines = 0;
    place(items(detailAt(w)), w, &lines);
    return lines * fontMetrics().height() + 2;
}

QSize ChartKey::sizeHint() const { return {200, height()}; }
QSize ChartKey::minimumSizeHint() const { return {0, height()}; }

void ChartKey::fixHeight() {
    const int h = heightForWidth(std::max(1, width()));
    if (h != height() || minimumHeight() != h) setFixedHeight(h);
    // Flows behind short names: their full names in the tooltip; the
    // accessible description says the same for a screen reader.
    setAccessibleDescription(tipAt(QPoint(-1, -1)));
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

namespace {
// A key's stroke in a series' pen, a whole number of pixels wide (2 at
// least, `most` at most) and so drawn on whole pixel rows: a 1.2 px line
// on half-covered rows read as a blend with the background (the dark
// look's yellow smoothed RTT as olive), not the line's colour on the plot.
QPen crisp_key_pen(QPen pen, double most) {
    pen.setWidthF(std::round(std::clamp(pen.widthF(), 2.0, std::max(2.0, most))));
    pen.setCapStyle(Qt::FlatCap);
    return pen;
}
}  // namespace

QRect ChartKey::strokeRect(const QString& name) const {
    const QFontMetrics fm = fontMetrics();
    const std::vector<Item> its = items(detailAt(width()));
    const std::vector<QRect> rects = place(its, width(), nullptr);
    for (std::size_t i = 0; i < its.size(); ++i) {
        if (its[i].entry < 0 || its[i].folded > 1) continue;
        const Entry& e = entries_[static_cast<std::size_t>(its[i].entry)];
        if (e.name != name) continue;
        const int mid = rects[i].top() + fm.height() / 2;
        return QRect(rects[i].left(), mid - 6, e.group.isEmpty() ? kStroke : kFlowStroke, 12);
    }
    return {};
}

void ChartKey::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetrics fm = fontMetrics();
    const std::vector<Item> its = items(detailAt(width()));
    const std::vector<QRect> rects = place(its, width(), nullptr);
    const QColor text = palette().color(QPalette::WindowText);
    for (std::size_t i = 0; i < its.size(); ++i) {
        const Item& it = its[i];
        const QRect r = rects[i];
        const int mid = r.top() + fm.height() / 2;  // the first line's middle
        int text_x = r.left();
        if (it.entry >= 0 && it.folded > 1) {
            // A folded group: one upright stripe per flow in its colour.
            const int stroke = r.width() - kGap - fm.horizontalAdvance(it.text);
            for (int k = 0; k < it.folded; ++k) {
                const Entry& f = entries_[static_cast<std::size_t>(it.entry + k)];
                const int x0 = r.left() + stroke * k / it.folded, x1 = r.left() + stroke * (k + 1) / it.folded;
                p.fillRect(QRect(x0, mid - 6, std::max(1, x1 - x0), 12), f.marker ? f.brush.color() : f.pen.color());
            }
            text_x += stroke + kGap;
        } else if (it.entry >= 0) {
            const Entry& e = entries_[static_cast<std::size_t>(it.entry)];
            const int stroke = e.group.isEmpty() ? kStroke : kFlowStroke;
            if (e.band) {
                // The band's fill and its two edges in its pen, as the plot
                // draws it: a band narrower than a few pixels (the RTT
                // samples of a steady path) is mostly its edges there, and
                // a fill alone read darker than anything on the plot.
                const QRect swatch(r.left(), mid - 5, stroke, 10);
                p.fillRect(swatch, e.brush);
                p.setPen(crisp_key_pen(e.pen, 2.0));
                p.drawLine(QPointF(swatch.left(), swatch.top() + 1), QPointF(swatch.left() + stroke, swatch.top() + 1));
                p.drawLine(QPointF(swatch.left(), swatch.bottom()), QPointF(swatch.left() + stroke, swatch.bottom()));
            } else if (e.marker) {
                p.setPen(e.pen);
                p.setBrush(e.brush);
                const QPointF c(r.left() + stroke / 2.0, mid);
                if (e.marker_shape == QScatterSeries::MarkerShapeRectangle) {
                    p.drawRect(QRectF(c.x() - 3.5, c.y() - 3.5, 7, 7));
                } else if (e.marker_shape == QScatterSeries::MarkerShapeTriangle) {
                    const QPointF tri[3] = {{c.x(), c.y() - 4.5}, {c.x() - 4.5, c.y() + 3.5}, {c.x() + 4.5, c.y() + 3.5}};
                    p.drawPolygon(tri, 3);
                } else if (e.marker_shape == QScatterSeries::MarkerShapeRotatedRectangle) {
                    const QPointF diamond[4] = {{c.x(), c.y() - 5}, {c.x() + 5, c.y()}, {c.x(), c.y() + 5}, {c.x() - 5, c.y()}};
                    p.drawPolygon(diamond, 4);
                } else if (e.marker_shape == QScatterSeries::MarkerShapeStar ||
                           e.marker_shape == QScatterSeries::MarkerShapePentagon) {
                    // Five points on a circle (every second one for a star), from the top.
                    const bool star = e.marker_shape == QScatterSeries::MarkerShapeStar;
                    QPointF pts[10];
                    const int n = star ? 10 : 5;
                    for (int k = 0; k < n; ++k) {
                        const double a = -M_PI / 2 + 2 * M_PI * k / n;
                        const double radius = star && k % 2 ? 2.2 : 5.0;
                        pts[k] = {c.x() + radius * std::cos(a), c.y() + radius * std::sin(a)};
                    }
                    p.drawPolygon(pts, n);
                } else {
                    p.drawEllipse(c, 3.5, 3.5);
                }
                p.setBrush(Qt::NoBrush);
            } else {
                // A flow's stroke thin enough that its dash pattern (in
                // units of the pen's width) repeats within the stroke.
                const QPen pen = crisp_key_pen(e.pen, e.group.isEmpty() ? 5.0 : 2.5);
                p.setPen(pen);
                const double y = mid + (static_cast<int>(pen.widthF()) % 2 ? 0.5 : 0.0);
                p.drawLine(QPointF(r.left(), y), QPointF(r.left() + stroke, y));
            }
            text_x += stroke + kGap;
        }
        p.setPen(text);
        if (r.height() > fm.height())
            p.drawText(QRect(text_x, r.top(), r.right() + 1 - text_x, r.height()), Qt::TextWordWrap, it.text);
        else
            p.drawText(QPoint(text_x, r.top() + fm.ascent()), it.text);
    }
}

}  // namespace inflight::ui
