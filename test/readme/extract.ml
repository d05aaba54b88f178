(* Extracts a tour (the README's, doc/tour.md): [extract.ml code FILE] prints its ```ocaml
   blocks, [extract.ml output FILE] its ```output blocks, in order. *)

let () =
  let which = Sys.argv.(1) and file = Sys.argv.(2) in
  let fence = "```" ^ (if which = "code" then "ocaml" else "output") in
  let ic = open_in_bin file in
  let inside = ref false in
  (try
     while true do
       let line = input_line ic in
       if !inside then
         if String.trim line = "```" then inside := false else print_endline line
       else if String.trim line = fence then inside := true
     done
   with End_of_file -> ());
  close_in ic
