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
        out, joint = [], -1
        for line in lines:
            if line.startswith("name:"):
                line = f'name: "{arm["name"]}"'
            if line.startswith("  - name:"):
                joint += 1
            stripped = line.strip()
            if stripped.startswith(("limits:", "vmax:", "home:")):
                line = re.sub(r"-?\d+\.\d+(e-?\d+)?", rounded, line)
            if stripped.startswith("vmax:") and "vmax" in arm:
                line = line[: line.index("vmax:")] + f"vmax: {arm['vmax'][joint]}"
            if stripped.startswith("fmax:") and "fmax" in arm:
                line = line[: line.index("fmax:")] + f"fmax: {arm['fmax'][joint]}"
            out.append(line)
        text = HEAD + "# " + arm["about"] + "\n# Licence of the description: BSD-3-Clause (tests/data/urdf/example-robot-data/LICENSE).\n"
        text += "# Generated by robots/make_real_arms.py; default task: rest to rest in joint space (ours).\n"
        text += "\n".join(out) + f'\ndefault_task: "{arm["task"]["file"]}"\n'
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
