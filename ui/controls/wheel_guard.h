// Scrolling a panel of controls with the mouse wheel scrolls the panel: a
// choice, a number box or a slider under the pointer takes the wheel only
// once it has the focus (clicked or tabbed to). Without it, scrolling the
// left panel down to More ▸ Linux details passed over the MSS choice and
// set it to 9,000 B, and the run changed under a student who touched
// nothing.
#pragma once

class QWidget;

namespace inflight::ui {

// Guards every QComboBox, QAbstractSpinBox and QAbstractSlider under `root`
// now: a wheel event over one without the focus goes to the scroll area
// around it; each takes the focus by click or Tab, not by the wheel.
void guard_wheel(QWidget* root);

}  // namespace inflight::ui
