// Marks around each chart's series, turned into clip groups (svg_clip.h).
#include "ui/export/svg_clip.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsItem>
#include <QGraphicsObject>
#include <QGraphicsScene>
#include <QPainter>
#include <QRegularExpression>
#include <algorithm>
#include <limits>

namespace inflight::ui {
namespace {

// An item that paints nothing visible but one transparent word, so its
// place in the painting order shows in the SVG.
class PlotMark : public QGraphicsItem {
public:
    PlotMark(QByteArray text, const QRectF& plot) : text_(std::move(text)), plot_(plot) {}
    QRectF boundingRect() const override { return plot_; }
    void paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) override {
        p->save();
        p->setPen(QColor(0, 0, 0, 0));
        p->drawText(plot_.center(), QString::fromLatin1(text_));
        p->restore();
    }

private:
    QByteArray text_;
    QRectF plot_;
};

// The chart's series items (QtCharts names their classes "...ChartItem":
// LineChartItem, AreaChartItem, ...): the item they are children of, and
// the range of their stacking values among its children.
bool series_z_range(const QChart* chart, QGraphicsItem** parent, double* lo, double* hi) {
    *lo = std::numeric_limits<double>::infinity();
    *hi = -*lo;
    *parent = nullptr;
    if (!chart->scene()) return false;
    for (QGraphicsItem* item : chart->scene()->items()) {
        const QGraphicsObject* o = item->toGraphicsObject();
        if (!o || !QByteArray(o->metaObject()->className()).endsWith("ChartItem")) continue;
        if (!*parent) *parent = item->parentItem();
        if (item->parentItem() != *parent) continue;
        *lo = std::min(*lo, item->zValue());
        *hi = std::max(*hi, item->zValue());
    }
    return *parent && *lo <= *hi;
}

QByteArray clip_id(int index) { return "inflight-plot-" + QByteArray::number(index); }

// The opening tag of the group the text at `at` is painted in: QSvgGenerator
// writes one flat group per painter state, so it is the last "<g " before.
QByteArray enclosing_group_tag(const QByteArray& svg, qsizetype at) {
    const qsizetype open = svg.lastIndexOf("<g ", at);
    if (open < 0) return {};
    const qsizetype close = svg.indexOf('>', open);
    return close < 0 ? QByteArray() : svg.mid(open, close - open + 1);
}

// Replaces the <text> element holding `mark` with `before` and, if `reopen`,
// the opening tag of the group it was in (so the groups stay balanced when
// `before` closes it). False if absent.
bool replace_mark(QByteArray& svg, const QByteArray& mark, const QByteArray& before, bool reopen = true) {
    const qsizetype at = svg.indexOf(">" + mark + "</text>");
    if (at < 0) return false;
    const qsizetype start = svg.lastIndexOf("<text", at);
    const qsizetype end = at + 1 + mark.size() + 7;
    if (start < 0) return false;
    const QByteArray group = reopen ? enclosing_group_tag(svg, start) : QByteArray();
    svg.replace(start, end - start, before + group);
    return true;
}

}  // namespace

QByteArray svg_plot_mark(int index, bool begin) {
    return "inflight-plot-" + QByteArray(begin ? "begin-" : "end-") + QByteArray::number(index);
}

SvgPlotClips::SvgPlotClips(QWidget* root) {
    QList<QChartView*> views = root->findChildren<QChartView*>();
    if (auto* self = qobject_cast<QChartView*>(root)) views.prepend(self);
    for (QChartView* view : views) {
        if (!view->isVisibleTo(root) && view != root) continue;
        QChart* chart = view->chart();
        double lo = 0, hi = 0;
        QGraphicsItem* parent = nullptr;
        if (!chart || !series_z_range(chart, &parent, &lo, &hi)) continue;
        const QRectF plot = chart->plotArea();
        const QRectF in_view = view->viewportTransform().mapRect(chart->mapRectToScene(plot));
        const QPointF offset = view->viewport()->mapTo(root, QPoint(0, 0));
        // A pixel of slack: a line along an axis keeps its full width.
        plots_.push_back(in_view.translated(offset).adjusted(-1, -1, 1, 1));
        const int index = static_cast<int>(plots_.size()) - 1;
        for (const bool begin : {true, false}) {
            auto* mark = new PlotMark(svg_plot_mark(index, begin), parent->mapRectFromScene(chart->mapRectToScene(plot)));
            mark->setParentItem(parent);
            mark->setZValue(begin ? lo - 0.25 : hi + 0.25);
            marks_.push_back(mark);
        }
    }
}

SvgPlotClips::~SvgPlotClips() {
    for (QGraphicsItem* m : marks_) delete m;
}

QByteArray SvgPlotClips::apply(const QByteArray& painted) const {
    QByteArray svg = painted;
    QByteArray defs;
    for (int i = 0; i < charts(); ++i) {
        const QByteArray begin = svg_plot_mark(i, true), end = svg_plot_mark(i, false);
        if (!svg.contains(">" + begin + "</text>") || !svg.contains(">" + end + "</text>")) {
            replace_mark(svg, begin, "", false);
            replace_mark(svg, end, "", false);
            continue;
        }
        replace_mark(svg, begin, "</g><g clip-path=\"url(#" + clip_id(i) + ")\">");
        replace_mark(svg, end, "</g></g>");
        const QRectF r = plots_[static_cast<std::size_t>(i)];
        defs += "<clipPath id=\"" + clip_id(i) + "\"><rect x=\"" + QByteArray::number(r.x(), 'f', 2) + "\" y=\"" +
                QByteArray::number(r.y(), 'f', 2) + "\" width=\"" + QByteArray::number(r.width(), 'f', 2) +
                "\" height=\"" + QByteArray::number(r.height(), 'f', 2) + "\"/></clipPath>\n";
    }
    const qsizetype at = svg.indexOf("<defs>");
    if (at >= 0) svg.insert(at + 6, "\n" + defs);
    svg.replace("version=\"1.2\" baseProfile=\"tiny\"", "version=\"1.1\"");
    return svg;
}

}  // namespace inflight::ui
