package work

import "fmt"

// TooLargeError says that a board is beyond what a method accepts.
type TooLargeError struct {
	Method   string
	N, Limit int
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("native: N = %d is too large for %s (at most %d)", e.N, e.Method, e.Limit)
}

// TooLarge is the *TooLargeError of method at n, beyond limit.
func TooLarge(method string, n, limit int) error {
	return &TooLargeError{Method: method, N: n, Limit: limit}
}
