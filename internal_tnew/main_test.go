package tnew
import ("testing";"strings";"khamsin/engine/game";"khamsin/engine/scenario")
func pre(g *game.Game){ for i:=0;i<6;i++{ for _,c:=range g.Legal(){ if c=="ready"||strings.HasPrefix(c,"first "){ g.Do(c); goto next } }; return; next: } }
func TestT(t *testing.T){
 for _,n:=range []string{"dawn","dust","escarpment"}{
 for _,seed:=range []uint64{1}{
 s,_:=scenario.Load(n)
 g,_:=game.New(s,seed); pre(g)
 base:=append([]string(nil),g.Cmds...)
 for _,c:=range g.Legal(){ if !strings.HasPrefix(c,"spot"){continue}
   h,_:=game.New(s,seed); for _,b:=range base{h.Do(b)}
   evs,err:=h.Do(c); if err!=nil{continue}
   last:=""; if len(evs)>0{last=evs[len(evs)-1].Text}
   f:=[]string{}; for _,l:=range h.Legal(){ if strings.HasPrefix(l,"fire"){f=append(f,l)} }
   t.Log(n,c,"->",last,"actor",h.Actor,"fires",len(f), f)
 }
 }}
}
