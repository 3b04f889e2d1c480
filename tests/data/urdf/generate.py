#!/usr/bin/env python3
"""Writes the test URDFs of tests/data/urdf from published DH data (run from the repository root:
python3 tests/data/urdf/generate.py). Plain Python, no numpy.

ur5.urdf      Universal Robots UR5 laid out as ROS-Industrial's ur_description lays it out
              (joint origins with rpy, axes along y and z, base/ee_link/tool0 frames), pi/2 at
              full precision. Link inertials: those of robots/ur5.yaml (UR's published masses
              and centres of mass, DH frames) moved into the URDF link frames, so that the
              import can be checked against that DH file.
puma560.urdf  The PUMA 560 of robots/puma560.yaml (Corke, standard DH) laid out with URDF link
              frames on the joint axes, turned about them by arbitrary angles, behind a fixed
              pedestal joint, with a flange link: what a hand-written URDF looks like. Rigid
              bodies only (the drives are armdyn's).
"""
import math, os, re

def mat(rows): return [list(r) for r in rows]
def mul(A, B): return [[sum(A[i][k] * B[k][j] for k in range(4)) for j in range(4)] for i in range(4)]
def eye(): return mat([[1 if i == j else 0 for j in range(4)] for i in range(4)])
def trans(x, y, z):
    T = eye(); T[0][3], T[1][3], T[2][3] = x, y, z; return T
def rotx(a):
    c, s = math.cos(a), math.sin(a); return mat([[1, 0, 0, 0], [0, c, -s, 0], [0, s, c, 0], [0, 0, 0, 1]])
def roty(a):
    c, s = math.cos(a), math.sin(a); return mat([[c, 0, s, 0], [0, 1, 0, 0], [-s, 0, c, 0], [0, 0, 0, 1]])
def rotz(a):
    c, s = math.cos(a), math.sin(a); return mat([[c, -s, 0, 0], [s, c, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
def rpy(r, p, y): return mul(rotz(y), mul(roty(p), rotx(r)))  # URDF
def inv(T):
    R = [[T[j][i] for j in range(3)] for i in range(3)]
    p = [-sum(R[i][k] * T[k][3] for k in range(3)) for i in range(3)]
    return mat([R[0] + [p[0]], R[1] + [p[1]], R[2] + [p[2]], [0, 0, 0, 1]])
def dh(theta, d, alpha, a): return mul(mul(rotz(theta), trans(0, 0, d)), mul(trans(a, 0, 0), rotx(alpha)))
def rpy_of(T):  # URDF roll, pitch, yaw of R = Rz(y) Ry(p) Rx(r)
    p = math.atan2(-T[2][0], math.hypot(T[0][0], T[1][0]))
    if math.hypot(T[0][0], T[1][0]) > 1e-12:
        return math.atan2(T[2][1], T[2][2]), p, math.atan2(T[1][0], T[0][0])
    return math.atan2(-T[1][2], T[1][1]), p, 0.0
def g(v): return "0" if v == 0 else repr(float(v))
def origin(T):
    r, p, y = rpy_of(T)
    return '<origin xyz="%s %s %s" rpy="%s %s %s"/>' % (g(T[0][3]), g(T[1][3]), g(T[2][3]), g(r), g(p), g(y))

def inertial(T_link_dh, mass, com, I):
    """Inertial block of a body given in a DH frame, in a URDF link frame (T_link_dh: DH in link)."""
    R = [[T_link_dh[i][j] for j in range(3)] for i in range(3)]
    c = [sum(R[i][k] * com[k] for k in range(3)) + T_link_dh[i][3] for i in range(3)]
    RI = [[sum(R[i][k] * I[k][j] for k in range(3)) for j in range(3)] for i in range(3)]
    J = [[sum(RI[i][k] * R[j][k] for k in range(3)) for j in range(3)] for i in range(3)]
    return ('    <inertial>\n      <origin xyz="%s %s %s" rpy="0 0 0"/>\n      <mass value="%s"/>\n'
            '      <inertia ixx="%s" ixy="%s" ixz="%s" iyy="%s" iyz="%s" izz="%s"/>\n    </inertial>\n'
            % (g(c[0]), g(c[1]), g(c[2]), g(mass), g(J[0][0]), g(J[0][1]), g(J[0][2]), g(J[1][1]), g(J[1][2]), g(J[2][2])))

def robot_yaml(path):
    """DH rows and inertials of an armdyn robot file (the subset these files use)."""
    text = open(path).read()
    links = []
    for block in text.split("\n  - name: ")[1:]:
        num = lambda key: float(re.search(r"\n\s+%s: ([-0-9.e]+)" % key, block).group(1))
        com = [float(x) for x in re.search(r"com: \[([^\]]*)\]", block).group(1).split(",")]
        rows = re.findall(r"- \[([^\]]*)\]", block.split("tensor:")[1])[:3]
        I = [[float(x) for x in r.split(",")] for r in rows]
        links.append(dict(theta=math.radians(num("theta")), d=num("d"), alpha=math.radians(num("alpha")), a=num("a"),
                          mass=num("mass"), com=com, I=I, limits=[float(x) for x in re.search(r"limits: \[([^\]]*)\]", block).group(1).split(",")],
                          vmax=num("vmax")))
    return links

HALF_PI = math.pi / 2

def ur5():
    links = robot_yaml("robots/ur5.yaml")
    # ur_description (ur5.urdf.xacro): parent, child, origin, axis.
    joints = [("shoulder_pan_joint", "base_link", "shoulder_link", trans(0, 0, 0.089159), "0 0 1"),
              ("shoulder_lift_joint", "shoulder_link", "upper_arm_link", mul(trans(0, 0.13585, 0), roty(HALF_PI)), "0 1 0"),
              ("elbow_joint", "upper_arm_link", "forearm_link", trans(0, -0.1197, 0.425), "0 1 0"),
              ("wrist_1_joint", "forearm_link", "wrist_1_link", mul(trans(0, 0, 0.39225), roty(HALF_PI)), "0 1 0"),
              ("wrist_2_joint", "wrist_1_link", "wrist_2_link", trans(0, 0.093, 0), "0 0 1"),
              ("wrist_3_joint", "wrist_2_link", "wrist_3_link", trans(0, 0, 0.09465), "0 1 0")]
    effort = [150, 150, 150, 28, 28, 28]
    # DH frames at q = 0 in base_link: UR's DH base frame is base_link turned by pi about z.
    T_dh = [rotz(math.pi)]
    for l in links: T_dh.append(mul(T_dh[-1], dh(l["theta"], l["d"], l["alpha"], l["a"])))
    T_link = {"base_link": eye()}
    out = ['<?xml version="1.0"?>',
           '<!-- UR5 as laid out by ROS-Industrial ur_description; generated by tests/data/urdf/generate.py.',
           '     Inertials: robots/ur5.yaml moved into these link frames. -->',
           '<robot name="ur5">', '  <link name="base_link"/>']
    for k, (name, parent, child, o, axis) in enumerate(joints):
        T_link[child] = mul(T_link[parent], o)
        l = links[k]
        out.append('  <link name="%s">\n%s    <visual><geometry><cylinder radius="0.06" length="0.1"/></geometry></visual>\n  </link>'
                   % (child, inertial(mul(inv(T_link[child]), T_dh[k + 1]), l["mass"], l["com"], l["I"]).rstrip("\n") + "\n"))
        out.append('  <joint name="%s" type="revolute">\n    <parent link="%s"/>\n    <child link="%s"/>\n    %s\n'
                   '    <axis xyz="%s"/>\n    <limit lower="%s" upper="%s" effort="%s" velocity="%s"/>\n'
                   '    <dynamics damping="0.0" friction="0.0"/>\n  </joint>'
                   % (name, parent, child, origin(o), axis, g(math.radians(l["limits"][0])), g(math.radians(l["limits"][1])),
                      g(effort[k]), g(math.radians(l["vmax"]))))
    out.append('  <link name="ee_link"/>\n  <joint name="ee_fixed_joint" type="fixed">\n    <parent link="wrist_3_link"/>\n'
               '    <child link="ee_link"/>\n    %s\n  </joint>' % origin(mul(trans(0, 0.0823, 0), rotz(HALF_PI))))
    out.append('  <link name="base"/>\n  <joint name="base_link-base_fixed_joint" type="fixed">\n    <parent link="base_link"/>\n'
               '    <child link="base"/>\n    %s\n  </joint>' % origin(rotz(-math.pi)))
    out.append('  <link name="tool0"/>\n  <joint name="wrist_3_link-tool0_fixed_joint" type="fixed">\n    <parent link="wrist_3_link"/>\n'
               '    <child link="tool0"/>\n    %s\n  </joint>' % origin(mul(trans(0, 0.0823, 0), rotx(-HALF_PI))))
    out.append('  <gazebo reference="base_link"><selfCollide>true</selfCollide></gazebo>')
    out.append('  <transmission name="shoulder_pan_trans"><type>transmission_interface/SimpleTransmission</type></transmission>')
    out.append('</robot>')
    open("tests/data/urdf/ur5.urdf", "w").write("\n".join(out) + "\n")

def puma560():
    links = robot_yaml("robots/puma560.yaml")
    pedestal = 0.6604  # m: a base link below DH frame 0 (frame 0 at shoulder height)
    spin = [0.3, -1.1, 2.0, 0.7, -0.4, 1.3]  # rad: each URDF link frame turned about its joint axis
    # DH frame i-1 in base_link at q = 0; URDF link i's frame on joint i's axis: F_{i-1} Rz(theta_i + spin_i).
    T_dh = [trans(0, 0, pedestal)]
    for l in links: T_dh.append(mul(T_dh[-1], dh(l["theta"], l["d"], l["alpha"], l["a"])))
    out = ['<?xml version="1.0"?>',
           '<!-- PUMA 560 (robots/puma560.yaml, Corke standard DH) with URDF link frames on the joint axes,',
           '     turned about them; generated by tests/data/urdf/generate.py. -->',
           '<robot name="puma560">', '  <link name="world"/>', '  <link name="pedestal">',
           '    <inertial><origin xyz="0 0 0.3" rpy="0 0 0"/><mass value="40"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="0.5"/></inertial>',
           '  </link>',
           '  <joint name="world_to_pedestal" type="fixed"><parent link="world"/><child link="pedestal"/><origin xyz="0 0 0" rpy="0 0 0"/></joint>']
    parent, T_parent = "pedestal", eye()
    for k, l in enumerate(links):
        F = mul(T_dh[k], rotz(l["theta"] + spin[k]))  # URDF link frame at q = 0
        child = "link%d" % (k + 1)
        out.append('  <link name="%s">\n%s  </link>' % (child, inertial(mul(inv(F), T_dh[k + 1]), l["mass"], l["com"], l["I"])))
        out.append('  <joint name="joint%d" type="revolute">\n    <parent link="%s"/>\n    <child link="%s"/>\n    %s\n'
                   '    <axis xyz="0 0 1"/>\n    <limit lower="%s" upper="%s" effort="100" velocity="%s"/>\n  </joint>'
                   % (k + 1, parent, child, origin(mul(inv(T_parent), F)), g(math.radians(l["limits"][0])),
                      g(math.radians(l["limits"][1])), g(math.radians(l["vmax"]))))
        parent, T_parent = child, F
    flange = mul(inv(T_parent), T_dh[-1])  # DH frame 6 = the flange
    out.append('  <link name="flange"/>\n  <joint name="joint6_to_flange" type="fixed"><parent link="link6"/><child link="flange"/>%s</joint>' % origin(flange))
    out.append('</robot>')
    open("tests/data/urdf/puma560.urdf", "w").write("\n".join(out) + "\n")

if __name__ == "__main__":
    ur5()
    puma560()
