// A chart's key, drawn under it instead of Qt Charts' own legend (which
// cuts names short when a row is full): one entry per visible, named
// series — a short stroke in the series' pen, or a swatch of a band's
// brush, and the name — wrapping onto as many lines as the width needs.
// A series named by a label on the plot itself (name_on_plot) is left out.
// It reads the chart's series whenever the scene changes and grows or
// shrinks only when its count of lines does.
//
// Several flows: series tagged with tag_flow_series() are grouped under
// their group's title ("cwnd:", then one stroke per flow in the flow's
// pen). Three levels of detail, the one with the fewest lines wins (ties
// go to the more detailed): full names ("flow 1 (cubic)"), short names
// ("1"), or each group folded into one entry — a swatch striped in every
// flow's colour and "10 flows" — so a narrow key under a chart in the
// presentation look keeps its shared lines (pipe, queue, total) and one
// entry per group. Flows behind short names or a fold have their full name
// (with its colour and line style) in the tooltip: nothing is cut without
// a tooltip.
#pragma once

#include <QBrush>
#include <QPen>
#include <QWidget>
#include <vector>

class QAbstractSeries;
class QChart;

namespace inflight::ui {

// Marks `series` as flow `index`'s line in the group `group` ("cwnd"), with
// its short name for a crowded key ("1") and its full one as `name`, and a
// tooltip (`tip`: "flow 1 (cubic): blue, solid line"). The playhead cursor
// puts a marker on every such line.
void tag_flow_series(QAbstractSeries* series, int index, const QString& group, const QString& short_name,
                     const QString& tip);
// The flow index a series was tagged with, or -1.
int flow_index_of(const QAbstractSeries* series);
// Leaves `series` out of its chart's key (`out`), or puts it back: a label
// drawn on the plot itself names it (a measured run's tag, ghost_overlay.h).
void name_on_plot(QAbstractSeries* series, bool out = true);

class ChartKey : public QWidget {
    Q_OBJECT
public:
    ChartKey(QChart* chart, QWidget* parent = nullptr);

    // Re-reads the series (names, pens, visibility).
    void refresh();
    QStringList names() const;
    // Whether every entry is shown whole at the current width.
    bool fits() const;
    // The detail the flows are shown with at the current width.
    enum class Detail { Full, Short, Folded };
    Detail detail() const { return detailAt(width()); }
    // Whether the flows show less than their full names.
    bool compact() const { return detail() != Detail::Full; }
    // The texts drawn at the current width (group titles, names), for tests.
    QStringList shownTexts() const;
    // The tooltip at a point of the key (a flow's full name), or the list
    // of every flow's.
    QString tipAt(const QPoint& pos) const;
    // Where the stroke (or swatch) before the entry named `name` is drawn
    // at the current width, for tests; empty when none is.
    QRect strokeRect(const QString& name) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;
    bool event(QEvent* e) override;

private:
    struct Entry {
        QString name;
        QPen pen;
        QBrush brush;  // a band: filled swatch
        bool band = false;
        bool marker = false;  // a scatter series: its marker
        int marker_shape = 0; // QScatterSeries::MarkerShape
        QString group, short_name, tip;  // a flow's line (tag_flow_series)
    };
    // What is laid out: an entry (its stroke and name, or short name), or
    // a group's title (entry -1).
    struct Item {
        int entry = -1;
        QString text;
        int folded = 0;  // a folded group: its first entry and this many flows
    };
    std::vector<Item> items(Detail detail) const;
    Detail detailAt(int w) const;
    // Each item's rectangle at width `w`; the number of lines in *lines.
    std::vector<QRect> place(const std::vector<Item>& items, int w, int* lines) const;
    int itemWidth(const Item& it) const;
    void fixHeight();

    QChart* chart_;
    std::vector<Entry> entries_;
    QString signature_;
};

}  // namespace inflight::ui
