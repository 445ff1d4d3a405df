#include "ui/controls/wheel_guard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QWheelEvent>
#include <QWidget>

namespace inflight::ui {

namespace {

class WheelGuard final : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* e) override {
        if (e->type() != QEvent::Wheel) return false;
        const auto* w = qobject_cast<QWidget*>(watched);
        if (!w || w->hasFocus()) return false;
        // To the scroll area around the control, at the same place on the
        // screen; handled here either way, so nothing else takes it.
        QAbstractScrollArea* area = nullptr;
        for (QWidget* p = w->parentWidget(); p && !area; p = p->parentWidget()) area = qobject_cast<QAbstractScrollArea*>(p);
        if (area) {
            const auto* we = static_cast<QWheelEvent*>(e);
            QWheelEvent to_area(area->viewport()->mapFromGlobal(we->globalPosition()), we->globalPosition(), we->pixelDelta(),
                                we->angleDelta(), we->buttons(), we->modifiers(), we->phase(), we->inverted(),
                                we->source());
            QCoreApplication::sendEvent(area->viewport(), &to_area);
        }
        e->accept();
        return true;
    }
};

template <class T>
void guard_all(QWidget* root, WheelGuard* guard) {
    for (T* w : root->findChildren<T*>()) {
        w->setFocusPolicy(Qt::StrongFocus);  // not WheelFocus: the wheel alone does not take it
        w->installEventFilter(guard);
    }
}

}  // namespace

void guard_wheel(QWidget* root) {
    auto* guard = new WheelGuard(root);
    guard_all<QComboBox>(root, guard);
    guard_all<QAbstractSpinBox>(root, guard);
    guard_all<QAbstractSlider>(root, guard);
}

}  // namespace inflight::ui
