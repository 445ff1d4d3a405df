// Every QSettings key the app uses, in one place.
#pragma once

namespace inflight::ui::keys {

inline constexpr char kOrganization[] = "Inflight";
inline constexpr char kApplication[] = "inflight";

inline constexpr char kGeometry[] = "window/geometry";
inline constexpr char kWindowState[] = "window/state";
inline constexpr char kTheme[] = "view/theme";            // "light" | "dark"
inline constexpr char kUnitsBytes[] = "view/units_bytes";  // bool
inline constexpr char kLastScenario[] = "scenario/last";   // scenario-file JSON text
inline constexpr char kLastDirectory[] = "files/last_directory";

}  // namespace inflight::ui::keys
