(* Arrays printed as numpy's repr prints their elements: nested brackets,
   elements right-aligned to one width, blocks of three or more dimensions
   separated by blank lines, and, past [threshold] elements, only the first
   and last [edge] items of each long dimension around a "...". Lines are
   the cuts of one vertical box, so that an array printed inside other
   boxes keeps its alignment: its rows line up under its first bracket. *)

let threshold = 1000
let edge = 3

(* The indices of a dimension of size [d] that are shown: None for the
   "..." between the two edges. *)
let shown ~summarise d =
  if summarise && d > 2 * edge then
    List.init edge Option.some @ [ None ] @ List.init edge (fun i -> Some (d - edge + i))
  else List.init d Option.some

let array ~dims ~size ~(text : int -> string) ppf =
  let n = Array.length dims in
  if n = 0 then Format.pp_print_string ppf (text 0)
  else if size = 0 then
    (* As numpy prints any array without elements, whatever its shape:
       walking a dimension of 2^40 empty rows would not end. *)
    Format.pp_print_string ppf "[]"
  else begin
    let summarise = size > threshold in
    (* Render the shown elements first, for their common width. *)
    let cells = Hashtbl.create 64 in
    let rec collect k base =
      List.iter
        (function
          | None -> ()
          | Some i ->
              let lin = (base * dims.(k)) + i in
              if k = n - 1 then Hashtbl.replace cells lin (text lin) else collect (k + 1) lin)
        (shown ~summarise dims.(k))
    in
    collect 0 0;
    let width = Hashtbl.fold (fun _ s w -> max w (String.length s)) cells 0 in
    let rec block k base =
      Format.pp_print_char ppf '[';
      List.iteri
        (fun j item ->
          if j > 0 then begin
            if k = n - 1 then Format.pp_print_string ppf ", "
            else
              (* A row per line, after a blank line per dimension left:
                 those newlines come right before the break's own, which
                 sets the column, so that a blank line does not end in
                 the box's indentation. *)
              let blanks = String.make (n - k - 2) '\n' in
              Format.pp_print_custom_break ppf ~fits:(",", 0, "") ~breaks:("," ^ blanks, k + 1, "")
          end;
          match item with
          | None -> Format.pp_print_string ppf "..."
          | Some i ->
              let lin = (base * dims.(k)) + i in
              if k = n - 1 then begin
                let s = Hashtbl.find cells lin in
                Format.pp_print_string ppf (String.make (width - String.length s) ' ' ^ s)
              end
              else block (k + 1) lin)
        (shown ~summarise dims.(k));
      Format.pp_print_char ppf ']'
    in
    Format.pp_open_vbox ppf 0;
    block 0 0;
    Format.pp_close_box ppf ()
  end
