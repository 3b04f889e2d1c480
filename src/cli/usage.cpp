#include "cmd_control.h"
#include "command_table.h"

#include <algorithm>

namespace armdyn::cli {

namespace {

const char* kCommon =
    "ROBOT is a YAML robot (or session) file, a Vora 1984 manipulator specification file or a\n"
    "URDF file (.urdf: the chain from the root to the deepest link; see armdyn convert).\n"
    "Joint values are SI (rad for revolute, m for prismatic joints), comma-separated, one per\n"
    "joint: --q 0,0.5,-1. Exit status: 0 success, 2 bad input (one line on stderr naming the\n"
    "file, line and field, or the option), 1 any other failure.\n";

}  // namespace

std::string usage(const std::string& command) {
  if (command.empty()) {
    std::string text =
        "usage: armdyn COMMAND ROBOT [options]\n"
        "\n"
        "Dynamic simulation of serial robot manipulators (Vora 1984).\n"
        "\n"
        "commands:\n";
    for (const Command& c : commandTable()) {
      std::string name = c.name;
      name.resize(std::max<std::size_t>(name.size() + 1, 13), ' ');
      text += "  " + name + c.summary + "\n";
    }
    return text + "\nRun 'armdyn COMMAND --help' for the options of a command.\n\n" + kCommon;
  }
  std::string body;
  if (command == "simulate")
    body =
        "usage: armdyn simulate ROBOT [--task TASK] [--csv FILE] [--json]\n"
        "                       [--method lagrange|newton-euler] [--dt s] [--tacc s] [--rigid-body]\n"
        "                       [--wrench fx,fy,fz[,mx,my,mz]]\n"
        "\n"
        "Solves the inverse kinematics of every task point, plans Paul's joint trajectory with\n"
        "quartic transitions and computes the joint forces every DT (Vora's SIMULATE).\n"
        "  --task TASK    YAML task or Vora trajectory file (default: the robot file's task)\n"
        "  --csv FILE     write every sample: t,q1..qn,qd1..qdn,qdd1..qdn,f1..fn (SI)\n"
        "  --json         print {\"task_time\", \"samples\", \"peak_force\", \"q_min\", \"q_max\"}\n"
        "  --method M     lagrange (Vora's recursive Lagrangian, default) or newton-euler\n"
        "  --rigid-body   for robots with drives: rigid-body forces alone (default: what the\n"
        "                 drive delivers, with reflected rotor inertia and friction)\n"
        "  --dt s         sampling step, replaces the robot's DT\n"
        "  --tacc s       transition time, replaces the robot's TACC\n"
        "  --wrench F[,M] constant tool wrench fx,fy,fz[,mx,my,mz] (N, N m about the tool point,\n"
        "                 world axes) replacing the task's `wrench:`; the forces include J^T W\n"
        "Default output: the summary of table 7.3 with units.\n";
  else if (command == "size")
    body =
        "usage: armdyn size ROBOT [--task TASK ...] [--json] [--csv FILE] [--out PREFIX] [--largest-payload]\n"
        "                   [--method lagrange|newton-euler] [--dt s] [--rigid-body]\n"
        "\n"
        "Runs each task (a duty cycle when several are given; each task's `dwell` key is its\n"
        "pause at rest) and reports per joint what the actuator must deliver: load side (peak\n"
        "torque each sign, RMS over the cycle, speeds, power, energy, regenerated energy), motor\n"
        "side through gear ratio and efficiency (torque, speed, current, voltage, gearbox mean\n"
        "torque), inertia M_ii range and ratio to N^2 Jm, the inertia-matching and RMS-optimal gear\n"
        "ratios and the usable range, and pass/fail with % margin against the drive's ratings.\n"
        "  --task TASK        a task file; repeat for a duty cycle (default: the robot's task)\n"
        "  --json             print {\"task_time\", \"joints\": [{\"peak_torque\", \"rms_torque\",\n"
        "                     \"peak_speed\", \"mean_speed\", \"peak_power\", \"energy\",\n"
        "                     \"regenerated_energy\", \"pass\", ...}], \"cycle_time\", \"pass\"}\n"
        "  --csv FILE         write one row per joint (SI)\n"
        "  --out PREFIX       write the report as a document: PREFIX.pdf and .svg (one page:\n"
        "                     tables, checks, torque-speed plots), .csv and .json; all or none\n"
        "  --largest-payload  also search the heaviest payload at the tool that passes every\n"
        "                     rating (the robot file's payload shape, scaled)\n"
        "  --method, --dt, --rigid-body as for simulate\n";
  else if (command == "analyze")
    body =
        "usage: armdyn analyze ROBOT --q Q [--json]\n"
        "       armdyn analyze ROBOT [--task TASK] [--dt S] [--tacc S] [--json]\n"
        "\n"
        "The Jacobian at q: det J; for a spherical wrist (the last three axes meet in a point)\n"
        "det J = det J11 det J22, J11 the wrist centre's velocity from joints 1-3 and J22 the wrist\n"
        "axes; Yoshikawa's manipulability sqrt(det(J J^T)); the condition number (linear rows\n"
        "divided by the length sum); and whether the arm, the wrist or both are singular.\n"
        "  --json  print {\"det_J\", \"det_J11\", \"det_J22\", \"manipulability\",\n"
        "          \"condition_number\", \"singular\": \"none\"|\"arm\"|\"wrist\"|\"both\", ...}\n"
        "          (det_J11, det_J22 null without a spherical wrist)\n"
        "Without --q: along the robot's task (or TASK), every sample of the prescribed motion, and\n"
        "the singular instants (a determinant changing sign between samples, located by bisection,\n"
        "or a singular sample). --json: {\"t\": [...], \"det_J\", \"det_J11\", \"det_J22\",\n"
        "\"manipulability\", \"condition_number\", \"singular\": per sample, \"singular_instants\":\n"
        "[{\"t\", \"singular\", \"crossing\", \"q\"}], \"min_manipulability\", \"min_manipulability_t\"}.\n";
  else if (command == "ik-rates")
    body =
        "usage: armdyn ik-rates ROBOT --q Q --xd vx,vy,vz,wx,wy,wz [--xdd ax,ay,az,bx,by,bz] [--json]\n"
        "\n"
        "Joint rates for a velocity of the tool origin (base frame): qd = J^-1 xd, and with --xdd\n"
        "qdd = J^-1 (xdd - Jdot qd), Jdot qd computed analytically. Near a singularity, and for\n"
        "arms of other than six joints (three or fewer: the linear rows only), damped least\n"
        "squares, with a warning.\n"
        "  --json  print {\"qd\": [...], \"qdd\": [...] or null, \"damped\", \"warning\",\n"
        "          \"velocity_residual\", ...}\n";
  else if (command == "workspace")
    body =
        "usage: armdyn workspace ROBOT [--samples N] [--json]\n"
        "\n"
        "The workspace of the tool origin by sampling (Craig 8.4): N random configurations within\n"
        "the joint limits (default 100000, seeded), binned into voxels; the volume, the reach, the\n"
        "length sum L and the structural length index L / volume^(1/3), and the largest\n"
        "axis-aligned cube of reachable voxels (the ISO 9283 test cube, its centre). Sampling\n"
        "error at 1e5 samples: docs/validation.md (volume within 8 %, the index within 2.5 %).\n"
        "  --json  print {\"volume\", \"reach\", \"length_sum\", \"structural_length_index\",\n"
        "          \"iso_cube\": {\"centre\": [x, y, z], \"edge\"}, \"samples\", \"voxel\"}\n";
  else if (command == "convert")
    body =
        "usage: armdyn convert IN OUT [--tip LINK] [--hold JOINT=VALUE]... [--json]\n"
        "\n"
        "Writes the robot of IN to OUT; the formats follow the extensions: .urdf (URDF), .yaml or\n"
        ".yml (armdyn robot file). IN may also be a session or Vora specification file. A URDF is\n"
        "read along the chain from its root link to the tip: fixed joints merged, joint axes put\n"
        "in DH form (BASE and TOOL keep the rest), inertials moved into the DH link frames, limits,\n"
        "effort and velocity kept. Movable joints off the chain (fingers, grippers) are held still\n"
        "(at --hold's value, else 0, else their lower limit when 0 is outside) and their links\n"
        "merged into the chain link they hang from; <mimic> joints off the chain follow their\n"
        "leader's held value; <mimic> on fixed joints is ignored. Refused, naming the joint:\n"
        "floating and planar joints, a mimic joint on the chain. The URDF's own forward\n"
        "kinematics is checked against the DH robot's at 25 random configurations (the largest\n"
        "difference is printed). URDF holds no gravity (9.81 m/s^2 along -z of the root is\n"
        "taken), drives, TACC or DT.\n"
        "  --tip LINK           last link of the chain (default: the deepest leaf; needed when\n"
        "                       several tie)\n"
        "  --hold JOINT=VALUE   value (rad or m) of a movable joint off the chain; repeatable,\n"
        "                       or comma-separated: --hold a=0.01,b=0.02\n"
        "  --json      print {\"input\", \"output\", \"joints\", \"root\", \"tip\", \"joint_names\",\n"
        "              \"axis_relations\", \"notes\", \"held\": [{\"joint\", \"value\", \"follows\",\n"
        "              \"given\"}], \"merged\": [{\"link\", \"into\"}], \"fk_residual\",\n"
        "              \"fk_configurations\"}\n";
  else if (command == "tables")
    body =
        "usage: armdyn tables ROBOT [--task TASK] [--out FILE] [--every k]\n"
        "                     [--method lagrange|newton-euler] [--dt s] [--tacc s] [--rigid-body]\n"
        "                     [--wrench fx,fy,fz[,mx,my,mz]]\n"
        "\n"
        "Prints position, velocity, acceleration and force of every joint at each sample time\n"
        "(table 7.4), or writes them to FILE. --every k prints every k-th sample; --wrench as\n"
        "for simulate.\n";
  else if (command == "dynamics")
    body =
        "usage: armdyn dynamics ROBOT --q Q --qd QD --qdd QDD [--method lagrange|newton-euler]\n"
        "                       [--rigid-body] [--json]\n"
        "\n"
        "Inverse dynamics: joint forces/torques (N, N m). For a robot with drives they include\n"
        "the reflected rotor inertia and friction (what the drive delivers); --rigid-body gives\n"
        "the rigid-body part alone. --json prints {\"tau\": [...]}.\n";
  else if (command == "mass-matrix")
    body =
        "usage: armdyn mass-matrix ROBOT --q Q [--json]\n"
        "\n"
        "Joint-space inertia matrix M(q). --json prints {\"M\": [[...], ...]} (rows).\n";
  else if (command == "fk")
    body =
        "usage: armdyn fk ROBOT --q Q [--json]\n"
        "\n"
        "Pose of the tool frame in the base frame (eq 4.1, POS = T_n TOOL). --json prints\n"
        "{\"T\": [[4 rows of 4]]}; the text form adds x, y, z (m) and roll, pitch, yaw (deg).\n";
  else if (command == "ik")
    body =
        "usage: armdyn ik ROBOT --pose x,y,z,roll,pitch,yaw [--free J=VALUE] [--all] [--json]\n"
        "\n"
        "All closed-form solutions for a tool pose: position in m, roll-pitch-yaw in DEGREES\n"
        "(eq 3.2, R = Rz(roll) Ry(pitch) Rx(yaw)). Arms with fewer than six joints solve the\n"
        "position only (x,y,z alone is accepted). Closed forms, chosen from the joint axes: any\n"
        "3-joint arm, any 6-joint arm with a spherical wrist (up to 4 arm x 2 wrist solutions),\n"
        "any 6R arm with joints 2, 3, 4 parallel (the UR arms: up to 8), any other 6R arm by an\n"
        "elimination (up to 16; cyclic_6r: split after another joint when axes 1-2 and 5-6 are\n"
        "both special); other arms get one numerical solution. --json prints\n"
        "{\"solver\": class, \"solutions\": [{\"config\": name, \"q\": [...]}, ...]}, class one of\n"
        "rrr, rrrrrr (or the file's family name), stanford, cartesian, three_parallel, generic,\n"
        "general_6r, cyclic_6r, numerical. A pose out of reach exits 2 and says why.\n"
        "  --all   also the solutions outside the joint limits, marked (JSON: \"within_limits\",\n"
        "          and \"reason\" for those outside)\n"
        "  --free J=VALUE  seven-joint arms (Panda, iiwa): hold joint J (1..7) at VALUE (rad, or m\n"
        "          for a prismatic joint, as --q) and solve the six others in closed form; without\n"
        "          it the default free joint (the first from the wrist inwards that leaves a closed\n"
        "          form: the iiwa's 3, the Panda's 7) at its home value. JSON adds \"free_joint\",\n"
        "          \"free_value\", \"reversed_chain\" (solved from the tool back to the base).\n";
  else if (command == "jacobian")
    body =
        "usage: armdyn jacobian ROBOT --q Q [--json]\n"
        "\n"
        "Geometric Jacobian of the tool frame origin in base coordinates, 6 x n, rows\n"
        "vx, vy, vz, wx, wy, wz. --json prints {\"J\": [[6 rows]]}.\n";
  else if (command == "iso9283")
    body =
        "usage: armdyn iso9283 SESSION [--json] [--out PREFIX] [--controller FILE] [--cube x,y,z,edge]\n"
        "                      [--largest-cube] [--rated-speed m/s] [--acceleration m/s^2]\n"
        "                      [--speeds 100,50,10] [--pose-cycles 30] [--path-cycles 10]\n"
        "                      [--corner-radius m] [--paths LIST] [--no-poses] [--no-noise]\n"
        "                      [--encoder rad] [--sensor-noise rad] [--load-variation f] [--seed N]\n"
        "                      [--threads N] [--configuration NAME]\n"
        "\n"
        "The ISO 9283 virtual test bench: the session's arm under its controller (the session's, else\n"
        "--controller, else computed torque) runs the test poses P1..P5 and the test paths (line,\n"
        "large_circle, small_circle, rectangle, rounded_square_diagonal, rounded_square_section) of\n"
        "the test cube in closed loop, at each speed (percent of the rated path speed, default the\n"
        "task's), with seeded encoder, sensor and payload noise.\n"
        "  --cube x,y,z,edge  the cube (m); default: the one the Cartesian task implies, else the\n"
        "                     largest of the workspace estimate (also --largest-cube)\n"
        "  --json             print {\"cube\", \"corner_radius\", \"noise\", \"runs\", \"speeds\": [{AP, RP,\n"
        "                     AT, RT, CR, CO, AV, RV, FV, ...}]} (mm, %, mm/s)\n"
        "  --out PREFIX       write PREFIX.json, .csv, .svg and .pdf, all four or none\n"
        "See docs/cli.md for every option.\n";
  else if (command == "speed-sweep")
    body =
        "usage: armdyn speed-sweep SESSION --tolerance mm [--speed m/s | --speeds v1,v2,...]\n"
        "                          [--acceleration m/s^2] [--path NAME --cube x,y,z,edge\n"
        "                          [--corner-radius m]] [--controller FILE] [--threads N]\n"
        "                          [--out PREFIX] [--json]\n"
        "\n"
        "Stepniewski's fig. 7: the session's Cartesian task (or an ISO test path of a cube) at ten\n"
        "speeds from 10 % to 100 % of --speed (default the task's), the largest deviation from the\n"
        "path at each, a power law fitted on log-log axes, and the running-speed index: the largest\n"
        "speed whose deviation stays within --tolerance (mm).\n"
        "  --json        print {\"path\", \"tolerance\", \"speeds\", \"delta\", \"exponent\",\n"
        "                \"fit_coefficient\", \"running_speed_index\", \"bisection_speeds\",\n"
        "                \"bisection_delta\", \"runs\", \"cancelled\", \"note\"}\n"
        "  --out PREFIX  write PREFIX.json, .csv, .svg and .pdf, all four or none\n"
        "See docs/cli.md for every option.\n";
  else if (!controlUsage(command).empty())
    body = controlUsage(command);
  else
    return "";
  return body + "\n" + kCommon;
}

}  // namespace armdyn::cli
