// Preloaded (LD_PRELOAD) into the ThreadSanitizer test runs by
// packaging/sanitizers.sh: tells TSan about the one handoff through Qt that
// it cannot see. Debian's Qt and GLib are not instrumented, and a queued
// call (QMetaObject::invokeMethod, a queued signal) passes its data from
// one thread to another under QMutex, which is built on futexes TSan does
// not model; every such handoff would be reported as a race.
//
// Release: whenever our code hands something to Qt that may reach another
// thread (QMetaObject::invokeMethod, emitting a signal, postEvent), and when
// Qt itself wakes a thread's GLib main context. These are calls across
// shared libraries, through the PLT, so this library interposes them.
// Acquire: every event is delivered through QCoreApplication::
// notifyInternal2, which runs the EventNotifyCallback hooks first. One token
// for all, so the model is coarser than Qt's per-thread queues but has the
// same direction: what a thread wrote before posting is visible to the
// receiver of the event; what it does after posting is not ordered by it,
// and a race there is still reported.
#include <dlfcn.h>

#include <QtCore/qnamespace.h>

extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);

namespace {

char token;

bool on_event(void**) {
    __tsan_acquire(&token);
    return false;  // not handled: deliver as usual
}

__attribute__((constructor)) void install() {
    QInternal::registerCallback(QInternal::EventNotifyCallback, on_event);
}

}  // namespace

namespace {

template <class Fn>
Fn next(const char* symbol) {
    return reinterpret_cast<Fn>(dlsym(RTLD_NEXT, symbol));
}

}  // namespace

#define INFLIGHT_RELEASE_THEN_CALL(ret, name, mangled, params, args)          \
    extern "C" ret name params __asm__(mangled);                             \
    extern "C" ret name params {                                             \
        using Fn = ret(*) params;                                            \
        static const Fn real = next<Fn>(mangled);                            \
        __tsan_release(&token);                                              \
        return real args;                                                    \
    }

INFLIGHT_RELEASE_THEN_CALL(bool, inflight_invoke_method_impl,
                           "_ZN11QMetaObject16invokeMethodImplEP7QObjectPN9QtPrivate15QSlotObjectBaseEN2Qt14ConnectionTypeEPv",
                           (void* obj, void* slot, int type, void* ret), (obj, slot, type, ret))
INFLIGHT_RELEASE_THEN_CALL(void, inflight_activate_meta, "_ZN11QMetaObject8activateEP7QObjectPKS_iPPv",
                           (void* sender, const void* meta, int index, void** argv), (sender, meta, index, argv))
INFLIGHT_RELEASE_THEN_CALL(void, inflight_activate_offset, "_ZN11QMetaObject8activateEP7QObjectiPPv",
                           (void* sender, int index, void** argv), (sender, index, argv))
INFLIGHT_RELEASE_THEN_CALL(void, inflight_activate_offset2, "_ZN11QMetaObject8activateEP7QObjectiiPPv",
                           (void* sender, int offset, int index, void** argv), (sender, offset, index, argv))
INFLIGHT_RELEASE_THEN_CALL(void, inflight_post_event, "_ZN16QCoreApplication9postEventEP7QObjectP6QEventi",
                           (void* receiver, void* event, int priority), (receiver, event, priority))
INFLIGHT_RELEASE_THEN_CALL(void, inflight_g_main_context_wakeup, "g_main_context_wakeup", (void* context), (context))
