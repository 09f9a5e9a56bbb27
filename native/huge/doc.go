package huge

import "github.com/queenslab/nqueens/native/internal/work"

// TooLargeError says that a board is beyond what a method accepts.
type TooLargeError = work.TooLargeError
