(* Shapes and indices as numpy prints them: Python's tuples. *)

(* [dims d] is [d] as a tuple: "(3, 4)", "(5,)", "()". *)
let dims d =
  "(" ^ String.concat ", " (Array.to_list (Array.map string_of_int d))
  ^ if Array.length d = 1 then ",)" else ")"

(* [index d i] is the index in an array of dimensions [d] of its [i]th
   element in C order, as a tuple. *)
let index d i =
  let n = Array.length d in
  let idx = Array.make n 0 and r = ref i in
  for j = n - 1 downto 0 do
    if d.(j) > 0 then begin
      idx.(j) <- !r mod d.(j);
      r := !r / d.(j)
    end
  done;
  dims idx
