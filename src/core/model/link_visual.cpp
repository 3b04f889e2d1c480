#include "model/link_visual.h"

namespace armdyn {

const char* visualShapeName(LinkVisual::Shape shape) {
  switch (shape) {
    case LinkVisual::Shape::Mesh: return "mesh";
    case LinkVisual::Shape::Box: return "box";
    case LinkVisual::Shape::Cylinder: return "cylinder";
    case LinkVisual::Shape::Sphere: return "sphere";
  }
  return "mesh";
}

}  // namespace armdyn
