// The panels' frames drawn as lines while a widget is rendered into SVG.
// The Fusion style draws a QGroupBox's frame by stretching a small picture
// over its edges (qDrawBorderPixmap); into an SVG that goes as picture
// fragments, blurred in any viewer and in print, along every panel's edge;
// so does a table header's gradient (the event log's). While a VectorFrames
// lives, every group box and header under the root draws with the same
// style's metrics (so nothing moves): the frame as a rounded outline in the
// palette's frame colour, a header section flat with its dividing lines.
#pragma once

#include <QPointer>
#include <memory>
#include <vector>

class QStyle;
class QWidget;

namespace inflight::ui {

class VectorFrames {
public:
    explicit VectorFrames(QWidget* root);
    ~VectorFrames();  // the boxes draw with the application's style again
    VectorFrames(const VectorFrames&) = delete;
    VectorFrames& operator=(const VectorFrames&) = delete;

private:
    std::unique_ptr<QStyle> style_;
    std::vector<QPointer<QWidget>> boxes_;
};

}  // namespace inflight::ui
