#!/bin/sh
# Screenshots for docs/user-guide.md, taken by armdyn-studio itself under Xvfb.
#   docs/make_screenshots.sh [BUILD_DIR]      (default: build)
# Needs xvfb-run (Debian package xvfb) and a build with -DARMDYN_BUILD_GUI=ON.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${1:-$root/build}
studio=$build/src/app/armdyn-studio
out=$here/screenshots
[ -x "$studio" ] || { echo "no $studio: build the armdyn-studio target first" >&2; exit 1; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A private settings and autosave location, so the shots do not depend on the user's files.
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data"

shot() {  # shot NAME [FILE] [OPTIONS...]
  name=$1
  shift
  xvfb-run -a -s "-screen 0 1600x1000x24" "$studio" "$@" --screenshot "$out/$name.png" --after-ms 400
  echo "docs/screenshots/$name.png"
}

large() {  # large NAME [FILE] [OPTIONS...]: the same on a full-HD screen, 1920x1080
  name=$1
  shift
  xvfb-run -a -s "-screen 0 1920x1080x24" "$studio" "$@" --screenshot "$out/${name}_1920x1080.png" --after-ms 400
  echo "docs/screenshots/${name}_1920x1080.png"
}

small() {  # small NAME [FILE] [OPTIONS...]: the same on the smallest supported screen, 1280x800
  name=$1
  shift
  xvfb-run -a -s "-screen 0 1280x800x24" "$studio" "$@" --screenshot "$out/${name}_1280x800.png" --after-ms 400
  echo "docs/screenshots/${name}_1280x800.png"
}

shot main_window
shot trajectory_compare --compare "$root/robots/craig_one_joint.yaml" "$root/robots/craig_quintic.yaml"
shot line_arc_puma "$root/robots/puma560.yaml" "$root/robots/puma560_square_line_arc.yaml" --fit
shot dialog_trajectory_line_arc "$root/robots/puma560.yaml" "$root/robots/puma560_square_line_arc.yaml" --dialog trajectory
shot plots_stanford "$root/robots/stanford_rrprrr.yaml" --at 0.4
shot plots_cartesian "$root/robots/cartesian_ppprrr.yaml" --at 0.4
shot table --tab table
shot summary --tab summary
shot parameters_panel --panel
shot teach_mode "$root/robots/rrrrrr.yaml" --teach --at 0.3
small teach_puma "$root/robots/puma560.yaml" --teach --at 0.4
large teach_puma "$root/robots/puma560.yaml" --teach --at 0.4
for d in instructions link-parameters link-dimensions trajectory inertia simulation tool view new library; do
  shot "dialog_$d" --dialog "$d"
done

# A task with point 3 out of reach: the last good results stay and the point turns red.
sed 's/- {xyz: \[0.7, 0.1, -0.4\]/- {xyz: [0.8, 0.1, -0.75]/' "$root/robots/vora_rrr_weld_seam.yaml" > "$tmp/unreachable.yaml"
shot unreachable_point "$root/robots/vora_rrr.yaml" "$tmp/unreachable.yaml" --at 0.3 --fit

# Issue 4: drives and control, on the six-joint PUMA 560 (links drawn as their equivalent boxes).
puma=$root/robots/puma560.yaml
shot puma_prescribed "$puma" --at 0.4
shot control_plots "$puma" --mode forward --tab control --at 0.4
shot control_summary "$puma" --mode forward --tab summary
for d in drives controller constraints profile; do
  shot "dialog_$d" "$puma" --dialog "$d"
done
shot dialog_tuner "$puma" --dialog tuner --tune 1

# Issue 8: time-optimal timing and actuator sizing on the PUMA 560 (Anderson's drives, 40 V).
shot sizing_puma "$puma" "$root/robots/puma560_weld_seam.yaml" --tab sizing
shot timing_phase_plane "$puma" "$root/robots/puma560_square_time_optimal.yaml" --tab timing
shot plots_time_optimal "$puma" "$root/robots/puma560_weld_seam_time_optimal.yaml" --at 0.4
# The smallest supported window.
xvfb-run -a -s "-screen 0 1280x800x24" "$studio" "$puma" "$root/robots/puma560_weld_seam.yaml" --tab sizing \
  --screenshot "$out/sizing_puma_1280x800.png" --after-ms 400
echo docs/screenshots/sizing_puma_1280x800.png

# Issue 12: a URDF robot opened directly (PUMA 560 laid out as a hand-written URDF) and the UR5.
shot urdf_puma "$root/tests/data/urdf/puma560.urdf" --at 0.3
shot ur5 "$root/robots/ur5.yaml" --at 0.5

# Issue 21: real robots as shipped, drawn with their meshes where the library has them (the UR5:
# ur_description's, robots/meshes/ur5), the PUMA on its pedestal, the Panda imported from
# example-robot-data unedited (its meshes are not shipped: the DH drawing with the notice above
# the view). The shots wait for the meshes, loaded off the GUI thread.
small ur5_meshes "$root/robots/ur5.yaml" --at 0.5
shot ur5_meshes "$root/robots/ur5.yaml" --at 0.5
small puma_pedestal "$puma" --at 0.4
small irb6640 "$root/robots/irb6640.yaml" --at 0.5
"$build/armdyn" convert "$root/tests/data/urdf/example-robot-data/panda.urdf" "$tmp/panda.yaml" --tip panda_hand_tcp >/dev/null
small panda_imported "$tmp/panda.yaml" --at 0.5

# Issue 9: Abuzneid & Sobh's generic six-joint arm (File > New), the Kinematics tab (every IK
# branch and the singularity analysis) and the reachable workspace.
shot dialog_new_generic --dialog new --generic RRP
shot kinematics_panel --generic RRR --tab kinematics --at 0.5
shot workspace_rrp --generic RRP --workspace --at 0.3

# Issue 20: inverse kinematics for any arm: the UR5's eight branches (joints 2-4 parallel, no
# spherical wrist) and the Franka Panda's self-motion (seven joints, joint 7 held).
shot kinematics_ur5 "$root/robots/ur5.yaml" --tab kinematics --at 0.5
shot kinematics_panda "$root/robots/panda.yaml" --tab kinematics --at 0.5
small kinematics_panda "$root/robots/panda.yaml" --tab kinematics --at 0.5

# Issue 11: the main views on the smallest supported screen (1280x800): plots, summary with its
# comparison, kinematics, a CHANGE dialog; the arm drawn from its DH geometry.
small main_window "$puma" --at 0.4
small summary "$puma" --tab summary
small kinematics "$puma" --tab kinematics --at 0.4
small stanford "$root/robots/stanford_rrprrr.yaml" --at 0.4
# Issue 22: the same Studio on a full-HD screen (the walkthrough's other size).
large main_window "$puma" --at 0.4
large sizing_puma "$puma" "$root/robots/puma560_weld_seam.yaml" --tab sizing
large kinematics_ur5 "$root/robots/ur5.yaml" --tab kinematics --at 0.5

# Issue 10: the Accuracy (ISO 9283) tab on the IRb-60 (Stepniewski's cube from its task): the
# bench's characteristics, a test path with the error along it, the error-speed sweep; at both
# supported sizes. --iso9283 runs them with the tab's defaults; the shot waits for the runs.
irb60=$root/robots/irb60.yaml
shot accuracy_bench "$irb60" --tab accuracy --iso9283 both --iso-view table
shot accuracy_paths "$irb60" --tab accuracy --iso9283 bench --iso-view paths
shot accuracy_sweep "$irb60" --tab accuracy --iso9283 sweep --iso-view sweep
small accuracy_bench "$irb60" --tab accuracy --iso9283 bench --iso-view table
small accuracy_paths "$irb60" --tab accuracy --iso9283 bench --iso-view paths
