// A chart's key, drawn under it instead of Qt Charts' own legend (which
// cuts names short when a row is full): one entry per visible, named
// series — a short stroke in the series' pen, or a swatch of a band's
// brush, and the name — wrapping onto as many lines as the width needs.
// It reads the chart's series whenever the scene changes and grows or
// shrinks only when its count of lines does.
#pragma once

#include <QBrush>
#include <QPen>
#include <QWidget>
#include <vector>

class QChart;

namespace inflight::ui {

class ChartKey : public QWidget {
    Q_OBJECT
public:
    ChartKey(QChart* chart, QWidget* parent = nullptr);

    // Re-reads the series (names, pens, visibility).
    void refresh();
    QStringList names() const;
    // Whether every entry is shown whole at the current width.
    bool fits() const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    struct Entry {
        QString name;
        QPen pen;
        QBrush brush;  // a band: filled swatch
        bool band = false;
    };
    // Each entry's rectangle at width `w`; the number of lines in *lines.
    std::vector<QRect> place(int w, int* lines) const;
    int entryWidth(const Entry& e) const;
    void fixHeight();

    QChart* chart_;
    std::vector<Entry> entries_;
    QString signature_;
};

}  // namespace inflight::ui
