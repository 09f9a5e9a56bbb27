package counting

import "github.com/queenslab/nqueens/native/internal/work"

// MaxJobs bounds the goroutines of a parallel count (more are taken as
// MaxJobs): beyond a few a core they only cost memory.
const MaxJobs = work.MaxJobs

// TooLargeError says that a board is beyond what a method accepts.
type TooLargeError = work.TooLargeError
