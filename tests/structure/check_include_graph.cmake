# The folders of src/core form layers: a folder may include its own headers and those of the
# folders listed before it, never one listed after it. So no folder includes a folder that
# includes it back, and docs/architecture.md's diagram is this list.
#
#   cmake -DSOURCE_DIR=<repository> -P tests/structure/check_include_graph.cmake
#
# Prints every edge between folders (with how many #include lines make it) and fails, naming
# file and line, on an include that points up the list or at a folder not in it. ctest runs it
# (test include_graph).
set(ARMDYN_CORE_LAYERS
  common      # errors that name file/line/field, number text, bounded text files, CSV, YAML guard, atomic saves, JSON
  model       # robot and task data, Model (DH chain + inertias), tool wrench
  kinematics  # forward/inverse kinematics, Jacobians, singularities, workspace
  dynamics    # RNEA, Vora's recursive Lagrangian, CRBA, ABA, energy
  actuation   # drives: motors, gears, friction, reflected inertia
  trajectory  # the task planner and every timing scheme
  simulation  # prescribed-motion sampling, the plant (forward simulation), the run record
  control     # controllers, the closed loop around the plant, tuning
  run         # the run description (Session) and the one run pipeline every client calls
  io          # robot, task, session, URDF and Vora files
  design      # building new arms (Abuzneid & Sobh's generic arm)
  analysis    # sizing, ISO 9283, reports, CSV/JSON/tables of records
)
if(NOT SOURCE_DIR)
  get_filename_component(SOURCE_DIR "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
endif()
set(core "${SOURCE_DIR}/src/core")
file(GLOB folders RELATIVE "${core}" "${core}/*")
set(errors "")
foreach(folder ${folders})
  if(NOT IS_DIRECTORY "${core}/${folder}")
    continue()
  endif()
  list(FIND ARMDYN_CORE_LAYERS "${folder}" rank)
  if(rank EQUAL -1)
    string(APPEND errors "src/core/${folder}: a folder not in ARMDYN_CORE_LAYERS (add it at its layer)\n")
    continue()
  endif()
  file(GLOB files "${core}/${folder}/*.h" "${core}/${folder}/*.cpp")
  set(targets "")
  foreach(f ${files})
    file(STRINGS "${f}" lines)
    set(n 0)
    foreach(line IN LISTS lines)
      math(EXPR n "${n} + 1")
      if(line MATCHES "^[ \t]*#[ \t]*include[ \t]+\"([a-z_]+)/")
        set(target "${CMAKE_MATCH_1}")
        if(target STREQUAL folder)
          continue()
        endif()
        list(FIND ARMDYN_CORE_LAYERS "${target}" trank)
        file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
        if(trank EQUAL -1)
          string(APPEND errors "${rel}:${n}: includes ${target}/, not a folder of src/core\n")
        elseif(trank GREATER rank)
          string(APPEND errors "${rel}:${n}: ${folder}/ includes ${target}/, a layer above it\n")
        endif()
        list(APPEND targets "${target}")
      endif()
    endforeach()
  endforeach()
  if(targets)
    set(summary "")
    list(REMOVE_DUPLICATES targets)
    list(SORT targets)
    message(STATUS "${folder} -> ${targets}")
  endif()
endforeach()
if(errors)
  message(FATAL_ERROR "include graph: includes against the layer order of src/core:\n${errors}")
endif()
message(STATUS "include graph: every include of src/core points down the layers ${ARMDYN_CORE_LAYERS}")
