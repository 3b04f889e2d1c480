#!/usr/bin/env python3
"""Regenerates the library's real arms converted from public URDF descriptions.

    python3 robots/make_real_arms.py [ARMDYN]      (default ARMDYN: build/armdyn)

Each arm is `armdyn convert`ed from Gepetto's example-robot-data (BSD-3, the files as shipped in
tests/data/urdf/example-robot-data): side joints held at 0, fixed links merged, inertials as the
description gives them. This script then writes a header naming the source, the licence and
every value that is not the description's, rounds joint limits and speeds to 1e-6 deg (the
descriptions give 2 pi and speeds to 11 digits: "360.0000000000237"), puts in the maker's
published ratings where the description lacks them or differs, and names the default task
(written next to it: rest to rest in joint space). docs/robots.md lists the same.
"""
import json
import math
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ERD = ROOT / "tests/data/urdf/example-robot-data"
ARMDYN = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "build/armdyn")

HEAD = ("# armdyn robot file (docs/file-formats.md). Angles in deg, angular velocity deg/s; lengths in m;\n"
        "# mass properties in SI.\n")

ARMS = [
    dict(out="ur3.yaml", urdf="ur3_robot.urdf", tip="tool0", name="UR3",
         # UR3 (CB3) technical specifications: base, shoulder 56 N m, elbow 28 N m, wrists 12 N m;
         # base, shoulder, elbow 180 deg/s, wrists 360 deg/s. ur_description's ur3_robot.urdf
         # carries the UR10's 330/150/54 N m and 120/180 deg/s.
         fmax=[56, 56, 28, 12, 12, 12], vmax=[180, 180, 180, 360, 360, 360],
         about="Universal Robots UR3 (CB3). Kinematics, masses, centres of mass and inertia tensors as\n"
               "# ROS-Industrial's ur_description gives them (example-robot-data's ur3_robot.urdf, tip tool0).\n"
               "# Torque and speed ratings: UR's UR3 technical specifications (56, 56, 28, 12, 12, 12 N m;\n"
               "# 180 deg/s for joints 1-3, 360 deg/s for the wrist), not the URDF's (which carries the\n"
               "# UR10's 330/150/54 N m and 120/180 deg/s).",
         task=dict(file="ur3_rest_to_rest.yaml", name="UR3 rest to rest (joint space)",
                   points=[[0, -90, 90, -90, -90, 0], [60, -60, 70, -100, -90, 45], [0, -90, 90, -90, -90, 0]],
                   durations=[2, 2])),
    dict(out="ur10.yaml", urdf="ur10_robot.urdf", tip="tool0", name="UR10",
         about="Universal Robots UR10 (CB3). Kinematics, masses, centres of mass and inertia tensors as\n"
               "# ROS-Industrial's ur_description gives them (example-robot-data's ur10_robot.urdf, tip tool0);\n"
               "# its ratings (330, 330, 150, 54, 54, 54 N m; 120, 120, 180, 180, 180, 180 deg/s) are\n"
               "# UR's published ones (UR give 56 N m for the wrist).",
         task=dict(file="ur10_rest_to_rest.yaml", name="UR10 rest to rest (joint space)",
                   points=[[0, -90, 90, -90, -90, 0], [60, -60, 70, -100, -90, 45], [0, -90, 90, -90, -90, 0]],
                   durations=[3, 3])),
    dict(out="kinova_jaco2.yaml", urdf="kinova.urdf", tip="j2s6s200_end_effector", name="Kinova Jaco 2 (6 DOF, spherical wrist)",
         about="Kinova Jaco 2, six joints with a spherical wrist (j2s6s200), as Kinova's kinova-ros\n"
               "# description gives it (example-robot-data's kinova.urdf, tip j2s6s200_end_effector): kinematics,\n"
               "# masses, centres of mass, tensors, limits, efforts (40, 80, 40, 20, 20, 20 N m) and speeds\n"
               "# (36, 36, 36, 48, 48, 48 deg/s). The two fingers are fixed in that file and merged into link 6.",
         task=dict(file="kinova_jaco2_rest_to_rest.yaml", name="Kinova Jaco 2 rest to rest (joint space)",
                   points=[[0, 180, 90, 0, 180, 0], [60, 150, 70, 30, 150, 45], [0, 180, 90, 0, 180, 0]],
                   durations=[3, 3])),
    dict(out="bravo7.yaml", urdf="bravo7_gripper.urdf", tip="grasping_poing", name="Reach Bravo 7 (with gripper)",
         about="Reach Robotics Bravo 7 (six joints) with its parallel gripper, as example-robot-data's\n"
               "# bravo7_gripper.urdf gives it (tip grasping_poing, the grasp point; the link name is the file's):\n"
               "# kinematics, masses, centres of mass, tensors, limits; the jaws (joints bravo_finger1/2)\n"
               "# held closed at 0 and merged into link 7. The file rates joints 2, 3 and 5 at 9 N m and\n"
               "# 28.6 deg/s and gives joints 1, 4, 6 no effort (no fmax here) and no speed (57.3 deg/s, 1 rad/s,\n"
               "# is armdyn's default, an ESTIMATE).",
         task=dict(file="bravo7_rest_to_rest.yaml", name="Reach Bravo 7 rest to rest (joint space)",
                   points=[[0, 180, 180, 0, 90, 0], [60, 150, 150, 45, 120, 90], [0, 180, 180, 0, 90, 0]],
                   durations=[3, 3])),
    dict(out="z1.yaml", urdf="z1.urdf", tip="link06", name="Unitree Z1",
         about="Unitree Z1 (six joints) as Unitree's z1_description gives it (example-robot-data's z1.urdf,\n"
               "# tip link06, the flange): kinematics, masses, centres of mass, tensors, limits, efforts (30, 60,\n"
               "# 30, 30, 30, 30 N m) and speeds (180 deg/s); the gripper (jointGripper) held closed at 0 and\n"
               "# merged into link 6 with its stator.",
         task=dict(file="z1_rest_to_rest.yaml", name="Unitree Z1 rest to rest (joint space)",
                   points=[[0, 30, -60, 30, 0, 0], [60, 60, -90, 20, 30, 45], [0, 30, -60, 30, 0, 0]],
                   durations=[2, 2])),
]


def cylinder(mass, radius, length, axis):
    """Inertia tensor (kg m^2) of a uniform solid cylinder about its centre, axis 0/1/2 = x/y/z."""
    along, across = mass * radius**2 / 2, mass * (3 * radius**2 + length**2) / 12
    return [[round(along if i == axis else across, 4) if i == j else 0 for j in range(3)] for i in range(3)]


# ABB IRB 6640-185/2.8: ROS-Industrial's description gives kinematics, limits and speeds (ABB's
# product specification) and meshes, but no masses. Estimated here (mass kg, centre of mass in the DH
# link frame m, uniform cylinder radius/length m along a DH axis), about 1060 kg moving of ABB's
# 1310 kg robot; ABB publish no joint torques: see estimated_ratings().
IRB6640_LINKS = [
    dict(mass=380, com=[-0.22, 0.23, 0], body=(0.40, 0.80, 1)),   # rotating frame, axis 2/3 motors
    dict(mass=180, com=[-0.54, 0, 0], body=(0.15, 1.075, 0)),     # lower arm
    dict(mass=230, com=[-0.05, 0, -0.07], body=(0.25, 0.60, 2)),  # upper-arm housing, wrist motors
    dict(mass=90, com=[0, -0.71, 0], body=(0.12, 1.20, 1)),       # forearm tube
    dict(mass=35, com=[0, 0, 0.05], body=(0.12, 0.30, 2)),        # wrist
    dict(mass=5, com=[0, 0, -0.02], body=(0.10, 0.05, 2)),        # flange
]

ARMS.append(
    dict(out="irb6640.yaml", urdf=ROOT / "tests/data/urdf/ros-industrial-abb/irb6640_185_280.urdf", tip="tool0",
         name="ABB IRB 6640-185/2.8 (masses estimated)",
         licence="Apache-2.0 (robots/meshes/irb6640/LICENSE)",
         meshes=("package://abb_irb6640_support/meshes/irb6640_185_280/visual/", ".dae", "meshes/irb6640/", ".stl"),
         colour="[1, 0.43, 0, 1]",
         inertia=IRB6640_LINKS,
         fmax="estimate",
         limits=[[-170, 170], [-65, 85], [-180, 70], [-300, 300], [-120, 120], [-360, 360]],
         vmax=[100, 90, 90, 170, 140, 190],
         payload="payload: {mass: 185, com: [0.1, 0, 0.25], tensor: [[4.93, 0, 0], [0, 4.93, 0], [0, 0, 4.93]]}"
                 "   # rated load; ESTIMATED: its centre, a 0.4 m cube",
         about="ABB IRB 6640-185/2.8, a 2.8 m, 185 kg spot-welding and handling arm. Kinematics (standard DH:\n"
               "# d1 0.78, a1 0.32, a2 1.075, a3 0.2, d4 1.392, d6 0.2 m), joint ranges and speeds (100, 90, 90,\n"
               "# 170, 140, 190 deg/s) as ABB's product specification gives them, laid out by ROS-Industrial's\n"
               "# abb_irb6640_support (tests/data/urdf/ros-industrial-abb/irb6640_185_280.urdf, tip tool0).\n"
               "# ESTIMATED (that description has no masses, ABB publish only the robot's 1310 kg): link masses\n"
               "# 380, 180, 230, 90, 35, 5 kg, their centres and tensors (uniform cylinders); the torque ratings:\n"
               "# 1.5 x the largest static torque with the rated 185 kg load over the joint ranges (sampled every\n"
               "# 10 deg), joint 1 1.5 x the torque that accelerates the stretched, loaded arm at 200 deg/s^2;\n"
               "# the load's centre 0.25 m out of the flange and 0.1 m off its axis, its tensor a 0.4 m cube. The balancing cylinder (it follows joint 2) is neither modelled nor\n"
               "# drawn: the static torque on joint 2 is the arm's, not the real robot's balanced one.\n"
               "# Drawn with ROS-Industrial's collision meshes (robots/meshes/irb6640, Apache-2.0; the visual\n"
               "# set is 13 MB).",
         task=dict(file="irb6640_rest_to_rest.yaml", name="ABB IRB 6640 rest to rest (joint space)",
                   points=[[0, 0, 0, 0, 30, 0], [90, 40, -30, 60, 60, 90], [0, 0, 0, 0, 30, 0]],
                   durations=[3, 3])))


def torques(path, q, qdd=(0, 0, 0, 0, 0, 0)):
    """Joint torques (N m) of the robot file at rest at q (deg) with accelerations qdd (deg/s^2)."""
    rad = lambda v: ",".join(repr(math.radians(x)) for x in v)
    out = subprocess.run([ARMDYN, "dynamics", str(path), "--q", rad(q), "--qd", "0,0,0,0,0,0", "--qdd", rad(qdd),
                          "--json"], check=True, capture_output=True, text=True).stdout
    return [abs(t) for t in json.loads(out)["tau"]]


def estimated_ratings(path, limits):
    """Torque ratings of an arm whose maker publishes none: 1.5 x the largest static torque (the
    rated load included) over joints 2, 3 and 5 every 10 deg within their limits (joint 4 at 90 deg
    with joint 5 at 90 deg for its own, joint 6 at 90 deg for its own), joint 1 (vertical axis: no static torque) 1.5 x the torque
    that accelerates the stretched arm at 200 deg/s^2; rounded up to 2 significant digits."""
    peak = [0.0] * 6
    grid = lambda i, step: range(int(limits[i][0]), int(limits[i][1]) + 1, step)
    for q2 in grid(1, 10):
        for q3 in grid(2, 10):
            for q5 in grid(4, 30):
                peak = [max(a, b) for a, b in zip(peak, torques(path, [0, q2, q3, 0, q5, 0]))]
            peak[3] = max(peak[3], torques(path, [0, q2, q3, 90, 90, 0])[3])
            peak[5] = max(peak[5], torques(path, [0, q2, q3, 0, 0, 90])[5])
    peak[0] = torques(path, [0, 85, -90, 0, 0, 0], qdd=(200, 0, 0, 0, 0, 0))[0]
    up = lambda v: float(f"{v:.2g}") if float(f"{v:.2g}") >= v else float(f"{v:.2g}") + 10 ** (math.floor(math.log10(v)) - 1)
    return [int(up(1.5 * p)) for p in peak]


def rounded(match):
    value = float(match.group(0))
    text = f"{round(value, 6):.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def main():
    for arm in ARMS:
        tmp = ROOT / "robots" / (arm["out"] + ".tmp.yaml")
        subprocess.run([ARMDYN, "convert", str(ERD / arm["urdf"]), str(tmp), "--tip", arm["tip"]], check=True,
                       stdout=subprocess.DEVNULL)
        lines = [l for l in tmp.read_text().splitlines() if not l.startswith("#")]
        tmp.unlink()
        out, joint, skip = [], -1, None
        has_fmax = any(l.strip().startswith("fmax:") for l in lines)
        for line in lines:
            indent = len(line) - len(line.lstrip())
            if skip is not None and indent > skip:
                continue  # inside a block dropped or replaced
            skip = None
            stripped = line.strip()
            if line.startswith("name:"):
                line = f'name: "{arm["name"]}"'
            if line.startswith("  - name:"):
                joint += 1
            # Shapes: kept (mesh names mapped onto the shipped files) for arms whose meshes ship.
            if stripped in ("visual:", "base_visual:") and "meshes" not in arm:
                skip = indent
                continue
            if stripped.startswith("- mesh:"):
                src, src_ext, dst, dst_ext = arm["meshes"]
                line = line.replace(src, dst).replace(src_ext + '"', dst_ext + '"')
            if stripped.startswith("colour:") and "colour" in arm:
                line = line[: line.index("colour:")] + "colour: " + arm["colour"]
            if stripped == "inertia:" and "inertia" in arm:
                e, pad = arm["inertia"][joint], " " * (indent + 2)
                out += [line, pad + f"mass: {e['mass']}", pad + "com: [" + ", ".join(str(c) for c in e["com"]) + "]",
                        pad + "tensor:"]
                out += [pad + "  - [" + ", ".join(str(v) for v in row) + "]" for row in cylinder(e["mass"], *e["body"])]
                skip = indent
                continue
            if stripped.startswith(("limits:", "vmax:", "home:")):
                line = re.sub(r"-?\d+\.\d+(e-?\d+)?", rounded, line)
            if stripped.startswith("limits:") and "limits" in arm:
                line = line[: line.index("limits:")] + "limits: [" + ", ".join(str(v) for v in arm["limits"][joint]) + "]"
            if stripped.startswith("vmax:") and "vmax" in arm:
                line = line[: line.index("vmax:")] + f"vmax: {arm['vmax'][joint]}"
            if stripped.startswith("fmax:") and "fmax" in arm:
                line = line[: line.index("fmax:")] + f"fmax: {arm['fmax'][joint]}"
            out.append(line)
            if stripped.startswith("vmax:") and "fmax" in arm and not has_fmax:
                out.append(line[: line.index("vmax:")] + "fmax: " + (arm["fmax"] if isinstance(arm["fmax"], str) else str(arm["fmax"][joint])))
        if "payload" in arm:
            out.append(arm["payload"])
        licence = arm.get("licence", "BSD-3-Clause (tests/data/urdf/example-robot-data/LICENSE)")
        text = HEAD + "# " + arm["about"] + f"\n# Licence of the description: {licence}.\n"
        text += "# Generated by robots/make_real_arms.py; default task: rest to rest in joint space (ours).\n"
        text += "\n".join(out) + f'\ndefault_task: "{arm["task"]["file"]}"\n'
        if arm.get("fmax") == "estimate":
            (ROOT / "robots" / arm["out"]).write_text(text.replace("fmax: estimate", "fmax: 1000000000"))
            ratings = estimated_ratings(ROOT / "robots" / arm["out"], arm["limits"])
            for rating in ratings:
                text = text.replace("fmax: estimate", f"fmax: {rating}", 1)
            print(f"{arm['out']}: estimated torque ratings {ratings} N m")
        (ROOT / "robots" / arm["out"]).write_text(text)
        t = arm["task"]
        task = ("# armdyn task file (docs/file-formats.md): joint points in deg, times in s.\n"
                f"# {t['name']}: OUR OWN task for {arm['out']}, from a rest pose within the limits over to\n"
                "# another and back, cubic segments starting and ending at rest (generated by\n"
                "# robots/make_real_arms.py).\n"
                f'name: "{t["name"]}"\nscheme: cubic\nvia_velocity: zero\njoint_points:\n')
        task += "".join("  - [" + ", ".join(str(v) for v in p) + "]\n" for p in t["points"])
        task += "durations: [" + ", ".join(str(d) for d in t["durations"]) + "]\n"
        (ROOT / "robots" / t["file"]).write_text(task)
        print("wrote robots/" + arm["out"] + " and robots/" + t["file"])


if __name__ == "__main__":
    main()
