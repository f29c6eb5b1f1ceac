// The declaration in include/CFuzzerDriver.h is the whole module; SwiftPM needs one source file per C target.
#include "CFuzzerDriver.h"
