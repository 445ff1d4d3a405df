// The panels' frames drawn as lines while a widget is rendered into SVG.
// The Fusion style draws a QGroupBox's frame by stretching a small picture
// over its edges (qDrawBorderPixmap); into an SVG that goes as picture
// fragments, blurred in any viewer and in print, along every panel's edge.
// While a VectorFrames lives, every group box under the root draws its
// frame with the same style's metrics (so nothing moves) as a rounded
// outline in the palette's frame colour instead.
#pragma once

#include <QPointer>
#include <memory>
#include <vector>

class QGroupBox;
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
    std::vector<QPointer<QGroupBox>> boxes_;
};

}  // namespace inflight::ui
