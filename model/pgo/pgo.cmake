# Profile-guided optimization of the model's rooms (GCC, Release builds): the
# per-packet path is one long run of branches whose usual direction only a
# run can tell; told it, GCC lays the hot path out straight and inlines
# along it (measured on the benchmark rows: 3–7 % fewer instructions and
# 8–15 % less time per packet; results are identical, the profile steers
# only code generation). Included from model/, so the
# training library's objects sit beside the library's own:
#   1. inflight_model_<room>_train: the same rooms, instrumented
#      (-fprofile-generate), linked into inflight_model_training (train.cpp);
#   2. its run writes one profile per object into pgo-raw/;
#   3. rename_profiles.cmake renames them for the rooms' objects into
#      pgo-profile/, which the rooms are compiled with (-fprofile-use).
# A change to the model re-runs the training (a few seconds) before the
# library is rebuilt. Off with -DINFLIGHT_PGO=OFF, and for other compilers
# and build types (the sanitizer and fuzz builds use clang).
option(INFLIGHT_PGO "Profile-guided optimization of the model (GCC Release builds)" ON)
if(NOT (INFLIGHT_PGO AND CMAKE_BUILD_TYPE STREQUAL "Release" AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU"))
  return()
endif()

set(inflight_pgo_raw ${CMAKE_CURRENT_BINARY_DIR}/pgo-raw)
set(inflight_pgo_profile ${CMAKE_CURRENT_BINARY_DIR}/pgo-profile)
set(inflight_pgo_stamp ${CMAKE_CURRENT_BINARY_DIR}/pgo-profile.stamp)
set(inflight_pgo_id_header ${CMAKE_CURRENT_BINARY_DIR}/pgo-profile-id.h)  # see rename_profiles.cmake

inflight_model_rooms_built(_train)
# One thread trains, so counters need no atomic updates. Both sides key each
# function's counts by its place in its file (profile-func-internal-id=1):
# by default GCC keys a function with internal linkage (run_moments, in an
# anonymous namespace) by the object file's name too, which differs between
# the two libraries, and the hot loop would silently get no profile.
foreach(room IN LISTS inflight_model_rooms)
  target_compile_options(inflight_model_${room}_train PRIVATE -fprofile-generate=${inflight_pgo_raw}
                         -fprofile-update=single --param=profile-func-internal-id=1)
endforeach()
add_executable(inflight_model_training pgo/train.cpp)
target_link_libraries(inflight_model_training PRIVATE inflight_model_train)
target_link_options(inflight_model_training PRIVATE -fprofile-generate=${inflight_pgo_raw})

add_custom_command(
  OUTPUT ${inflight_pgo_stamp}
  # GCC adds a run's counts to the profiles it finds: start from none.
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${inflight_pgo_raw}
  COMMAND inflight_model_training
  COMMAND ${CMAKE_COMMAND} -DRAW=${inflight_pgo_raw} -DOUT=${inflight_pgo_profile} -DSTAMP=${inflight_pgo_stamp}
          -DID_HEADER=${inflight_pgo_id_header} -P ${CMAKE_CURRENT_SOURCE_DIR}/pgo/rename_profiles.cmake
  BYPRODUCTS ${inflight_pgo_id_header}
  DEPENDS inflight_model_training ${CMAKE_CURRENT_SOURCE_DIR}/pgo/rename_profiles.cmake
  COMMENT "Training the model for profile-guided optimization"
  VERBATIM)
add_custom_target(inflight_model_profile DEPENDS ${inflight_pgo_stamp})
foreach(room IN LISTS inflight_model_rooms)
  add_dependencies(inflight_model_${room} inflight_model_profile)
  # ccache cannot tell one profile from another here: compile without it.
  set_property(TARGET inflight_model_${room} PROPERTY CXX_COMPILER_LAUNCHER "")
  set_property(TARGET inflight_model_${room} PROPERTY INFLIGHT_PGO_USE ON)
endforeach()

# Only the files of the per-packet path use the profile (the rest — parsing,
# validation, sweeps, summaries — gains nothing, and GCC 12 warns falsely on
# some string code compiled with it). -fprofile-partial-training: code the
# training never ran stays optimized as without a profile (not for size).
# -include of the profile's id puts the profile in each object's
# dependencies (rename_profiles.cmake says why).
set(inflight_pgo_hot_sources engine/run.cpp engine/flow.cpp tcp/sender.cpp path/bottleneck.cpp
    path/aqm/fq_codel.cpp path/aqm/codel.cpp engine/recorder.cpp cc/congestion_control.cpp cc/reno.cpp
    cc/cubic.cpp cc/bbr.cpp)
set_property(SOURCE ${inflight_pgo_hot_sources} APPEND PROPERTY COMPILE_OPTIONS
  "$<$<BOOL:$<TARGET_PROPERTY:INFLIGHT_PGO_USE>>:-fprofile-use=${inflight_pgo_profile};--param=profile-func-internal-id=1;-fprofile-partial-training;-Wno-missing-profile;-include;${inflight_pgo_id_header}>")
